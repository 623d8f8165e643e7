/**
 * C-Lodop, the print service many Chinese warehouses run on their computers: when it answers on
 * this computer (its script at localhost:8000 or :18000), the print dialog lists its printers and
 * prints silently to the chosen one: a PDF (`ADD_PRINT_PDF`) or ZPL sent raw to a thermal printer
 * (`SEND_PRINT_RAWDATA`). Without it, the browser's own print dialog prints the PDF.
 */
interface Lodop {
  VERSION?: string;
  PRINT_INIT(name: string): void;
  SET_PRINTER_INDEX(name: string | number): boolean;
  SET_PRINT_PAGESIZE(orientation: number, width: string, height: string, name: string): void;
  ADD_PRINT_PDF(top: number | string, left: number | string, width: number | string, height: number | string, data: string): void;
  SEND_PRINT_RAWDATA(data: string): void;
  GET_PRINTER_COUNT(): number;
  GET_PRINTER_NAME(index: number): string;
  PRINT(): boolean;
}

declare global {
  interface Window {
    getCLodop?: () => Lodop | undefined;
  }
}

const SCRIPTS = ['http://localhost:8000/CLodopfuncs.js', 'http://localhost:18000/CLodopfuncs.js'];
let found: Promise<Lodop | undefined> | undefined;

function load(src: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => {
      script.remove();
      resolve(false);
    }, timeoutMs);
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      resolve(true);
    });
    script.addEventListener('error', () => {
      window.clearTimeout(timer);
      script.remove();
      resolve(false);
    });
    document.head.append(script);
  });
}

/** C-Lodop if it runs on this computer (looked for once per page load). */
export function detectLodop(timeoutMs = 1500): Promise<Lodop | undefined> {
  found ??= (async () => {
    for (const src of SCRIPTS) {
      if ((await load(src, timeoutMs)) && window.getCLodop) return window.getCLodop();
    }
    return undefined;
  })();
  return found;
}

/** The printers C-Lodop sees. */
export function lodopPrinters(lodop: Lodop): string[] {
  const names: string[] = [];
  for (let i = 0; i < lodop.GET_PRINTER_COUNT(); i += 1) names.push(lodop.GET_PRINTER_NAME(i));
  return names;
}

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Prints a label PDF silently to `printer` at its paper size (millimetres). */
export async function lodopPrintPdf(lodop: Lodop, pdf: Blob, printer: string, widthMm: number, heightMm: number, landscape: boolean) {
  lodop.PRINT_INIT('labels');
  lodop.SET_PRINTER_INDEX(printer);
  lodop.SET_PRINT_PAGESIZE(landscape ? 2 : 1, `${widthMm}mm`, `${heightMm}mm`, '');
  lodop.ADD_PRINT_PDF(0, 0, '100%', '100%', await base64(pdf));
  return lodop.PRINT();
}

/** Sends ZPL to a thermal printer as it is. */
export async function lodopPrintRaw(lodop: Lodop, zpl: Blob, printer: string) {
  lodop.PRINT_INIT('labels');
  lodop.SET_PRINTER_INDEX(printer);
  lodop.SEND_PRINT_RAWDATA(await zpl.text());
  return lodop.PRINT();
}
