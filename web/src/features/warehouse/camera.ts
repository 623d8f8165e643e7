/**
 * Barcode scanning with the phone's camera: the browser's own `BarcodeDetector` where it has one
 * for these formats (Chrome on Android), otherwise the `barcode-detector` ponyfill (ZXing built
 * to WebAssembly). The ponyfill and its `.wasm` are loaded only when the camera is first opened,
 * from this app's own origin (Vite bundles both; the library's default would fetch the `.wasm`
 * from a CDN, which breaks offline and sends traffic elsewhere), so other pages never load them.
 */
import type { BarcodeFormat } from 'barcode-detector/ponyfill';

/** What parcel labels carry: linear codes and the 2-D codes some carriers print. */
const FORMATS: BarcodeFormat[] = ['code_128', 'code_39', 'code_93', 'codabar', 'ean_13', 'ean_8', 'itf', 'upc_a', 'upc_e', 'qr_code', 'data_matrix', 'pdf417'];
/** Time between two frames read. */
const FRAME_MS = 150;

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options?: { formats?: readonly string[] }): Detector;
  getSupportedFormats: () => Promise<readonly string[]>;
}

let detector: Promise<Detector> | undefined;

async function makeDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    try {
      const supported = await native.getSupportedFormats();
      const formats = FORMATS.filter((format) => supported.includes(format));
      if (formats.length > 0) return new native({ formats });
    } catch {
      // Declared but not usable: the ponyfill below.
    }
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([import('barcode-detector/ponyfill'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: false,
  });
  return new BarcodeDetector({ formats: FORMATS });
}

/** The detector, made once (a failure is tried again next time). */
function barcodeDetector(): Promise<Detector> {
  detector ??= makeDetector().catch((error: unknown) => {
    detector = undefined;
    throw error;
  });
  return detector;
}

export interface CameraScan {
  /** Stops reading and turns the camera off. */
  stop: () => void;
}

/**
 * Shows the back camera in `video` and reads frames until a code is found: then the camera is
 * turned off and `onCode` gets the code. Rejects when there is no camera or it is not allowed.
 */
export async function startCameraScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<CameraScan> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia is not available (the page must be served over HTTPS)');
  const [stream, reader] = await Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }), barcodeDetector()]);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  try {
    await video.play();
  } catch (error) {
    stop();
    throw error;
  }
  const frame = async () => {
    if (stopped) return;
    try {
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const code = (await reader.detect(video)).find((found) => found.rawValue.trim())?.rawValue.trim();
        if (code && !stopped) {
          stop();
          onCode(code);
          return;
        }
      }
    } catch {
      // A frame that could not be read: the next one.
    }
    if (!stopped) timer = setTimeout(() => void frame(), FRAME_MS);
  };
  void frame();
  return { stop };
}
