/**
 * The print centre's template editor: the label drawn to scale on a millimetre grid (click an
 * element to select it, drag it, arrow keys move it by 0.5 mm and Shift+arrows by 5 mm, Delete
 * removes it), the selected element's properties beside it, core's check as you edit (WASM, the
 * server's own rules), and the real PDF the server draws with sample values.
 */
import { Alert, Box, Button, chakra, Checkbox, Drawer, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { searchCustomers } from '../../api/customers';
import { RemoteSelect, type RemoteOption } from '../../components/form/RemoteSelect';
import { toastSuccess, useInvalidateList } from '../../components/list/useRecordActions';
import { DrawerShell, OverlayHeader } from '../../components/overlay';
import { labelTemplateIssues } from '../../core';
import { currentLanguage } from '../../i18n';
import { searchProducts } from '../carrier/priceLevels/api';
import { addTemplate, defaultTemplate, editTemplate, previewTemplate, TEMPLATE_LIST_PATH, type PrintTemplateRecord, type TemplateContent, type TemplateElement } from './api';

/** What a template may show: core's `label::FIELDS`. */
export const LABEL_FIELDS = [
  'trackNo', 'sysTrackNo', 'serialNumber', 'customerCode', 'reference', 'fbaCode', 'poCode', 'sortCode', 'service', 'serviceCode', 'shipmentType',
  'senderName', 'senderCompany', 'senderPhone', 'senderAddress', 'senderCountry', 'consigneeName', 'consigneeCompany', 'consigneePhone',
  'consigneeAddress', 'consigneeCityLine', 'consigneeCountry', 'pieces', 'weight', 'shipmentWeight', 'dimensions', 'goods', 'date', 'customer', 'remark',
] as const;
const KINDS = ['text', 'barcode', 'qr', 'line', 'rect'] as const;
const TEMPLATE_SIZES = ['100x150', '100x100'] as const;
/** Pixels per millimetre on the canvas. */
const SCALE = 4;
const KIND_COLOURS: Record<TemplateElement['kind'], string> = { text: '#2563eb', barcode: '#111827', qr: '#7c3aed', line: '#6b7280', rect: '#059669' };

/** The PDF preview. */
const Frame = chakra('iframe');

export type EditorTarget = { mode: 'add' } | { mode: 'edit'; record: PrintTemplateRecord };

const round = (mm: number) => Math.max(0, Math.round(mm * 2) / 2);
const sizeOf = (size: string): [number, number] => (size === '100x100' ? [100, 100] : [100, 150]);

function newElement(kind: TemplateElement['kind']): TemplateElement {
  const base = { x: 5, y: 5, w: 40, h: 8, content: '', fontSize: 9, bold: false, align: 'left' as const, thickness: 0.3, inverse: false };
  if (kind === 'barcode') return { ...base, kind, w: 90, h: 20, content: '{trackNo}' };
  if (kind === 'qr') return { ...base, kind, w: 25, h: 25, content: '{trackNo}' };
  if (kind === 'line') return { ...base, kind, w: 90, h: 0 };
  if (kind === 'rect') return { ...base, kind, w: 30, h: 15 };
  return { ...base, kind, content: '{consigneeName}' };
}

/** The editor's drawer; its state starts afresh for each template opened. */
export function PrintTemplateEditor({ target, onClose }: { target: EditorTarget | undefined; onClose: () => void }) {
  const record = target?.mode === 'edit' ? target.record : undefined;
  return (
    <DrawerShell open={target !== undefined} onClose={onClose} size="full" testId="template-editor" closeOnInteractOutside={false}>
      {target ? <Editor key={record?.id ?? 'new'} record={record} onClose={onClose} /> : null}
    </DrawerShell>
  );
}

function Editor({ record, onClose }: { record: PrintTemplateRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('printTemplate');
  const [name, setName] = useState(record?.templateName ?? '');
  const [size, setSize] = useState(record?.labelSize ?? '100x150');
  const [customer, setCustomer] = useState<RemoteOption | undefined>(record?.customerId ? { value: record.customerId, label: record.customerId } : undefined);
  const [product, setProduct] = useState<RemoteOption | undefined>(
    record?.channelProductId ? { value: record.channelProductId, label: record.channelProductId } : undefined,
  );
  const [enabled, setEnabled] = useState(record ? record.izEnable === 1 : true);
  // The template as edited; until the first edit of a new one, core's default of the size.
  const [edited, setEdited] = useState<TemplateContent | undefined>(record ? (JSON.parse(record.content) as TemplateContent) : undefined);
  const fallback = useQuery({
    queryKey: ['printTemplate', 'default', size],
    queryFn: async () => (await defaultTemplate(size)).result,
    enabled: edited === undefined,
    staleTime: Infinity,
  });
  const content: TemplateContent = edited ?? fallback.data ?? { size, elements: [] };
  const setContent = (change: (c: TemplateContent) => TemplateContent) => setEdited(change(content));
  const [selected, setSelected] = useState<number>();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const invalidate = useInvalidateList(TEMPLATE_LIST_PATH);
  const drag = useRef<{ index: number; dx: number; dy: number }>(undefined);

  const issues = labelTemplateIssues(content, currentLanguage());
  const issueOf = (index: number) => issues.find((i) => i.field === `elements[${index}]`)?.message;
  const [width, height] = sizeOf(content.size);
  const element = selected === undefined ? undefined : content.elements[selected];

  const update = (index: number, change: Partial<TemplateElement>) =>
    setContent((c) => ({ ...c, elements: c.elements.map((e, i) => (i === index ? { ...e, ...change } : e)) }));
  const remove = (index: number) => {
    setContent((c) => ({ ...c, elements: c.elements.filter((_, i) => i !== index) }));
    setSelected(undefined);
  };
  const add = (kind: TemplateElement['kind']) => {
    setContent((c) => ({ ...c, elements: [...c.elements, newElement(kind)] }));
    setSelected(content.elements.length);
  };
  const changeSize = (next: string) => {
    setSize(next);
    setEdited(undefined);
    setSelected(undefined);
  };

  function onKey(event: KeyboardEvent) {
    if (selected === undefined || !element) return;
    const step = event.shiftKey ? 5 : 0.5;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      update(selected, { x: round(element.x + move[0]), y: round(element.y + move[1]) });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(selected);
    }
  }

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return [((event.clientX - box.left) / box.width) * width, ((event.clientY - box.top) / box.height) * height] as const;
  };

  const save = useMutation({
    mutationFn: async () => {
      const body = {
        templateName: name.trim(),
        labelSize: size,
        customerId: customer?.value ?? null,
        channelProductId: product?.value ?? null,
        izEnable: enabled ? 1 : 0,
        // The schema types the template JSON as an open object.
        content: content as unknown as Record<string, never>,
      };
      return record ? editTemplate({ ...body, id: record.id }) : addTemplate(body);
    },
    onSuccess: async () => {
      toastSuccess(t('saved'));
      await invalidate();
      onClose();
    },
    onError: (failure) => setProblem(failure instanceof ApiError ? failure.message : String(failure)),
  });
  async function showPreview() {
    setProblem(undefined);
    try {
      const blob = await previewTemplate(size, content);
      setPreview((old) => {
        if (old) URL.revokeObjectURL(old);
        return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      });
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  const numberInput = (key: 'x' | 'y' | 'w' | 'h' | 'thickness' | 'fontSize', label: string) =>
    element && selected !== undefined ? (
      <Box>
        <Text textStyle="xs" color="fg.muted" mb="1">
          {label}
        </Text>
        <Input size="sm" type="number" step={key === 'fontSize' ? 1 : 0.5} value={element[key]} data-testid={`template-element-${key}`}
          onChange={(e) => update(selected, { [key]: Number(e.currentTarget.value) })} />
      </Box>
    ) : null;

  return (
    <>
      <OverlayHeader kind="drawer" bordered title={record ? t('editTitle', { name: record.templateName }) : t('addTitle')} subtitle={<Text textStyle="sm" color="fg.muted">{t('editorHint')}</Text>} />
      <Drawer.Body asChild>
        <Box overflowY="auto" p={{ base: '3', md: '6' }}>
          <Stack gap="4">
            {problem ? (
              <Alert.Root status="error" data-testid="template-problem">
                <Alert.Indicator />
                <Alert.Description>{problem}</Alert.Description>
              </Alert.Root>
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="3" alignItems="end">
              <Box>
                <Text textStyle="sm" fontWeight="medium" mb="1.5">{`${t('field.templateName')} *`}</Text>
                <Input size="sm" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="template-name" />
              </Box>
              <Box>
                <Text textStyle="sm" fontWeight="medium" mb="1.5">{t('field.labelSize')}</Text>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={size} onChange={(e) => changeSize(e.currentTarget.value)} data-testid="template-size">
                    {TEMPLATE_SIZES.map((s) => <option key={s} value={s}>{`${s.replace('x', ' × ')} mm`}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Box>
              <Box>
                <Text textStyle="sm" fontWeight="medium" mb="1.5">{t('field.customer')}</Text>
                <RemoteSelect value={customer?.value ?? ''} selected={customer} onChange={setCustomer} search={searchCustomers} queryKey={['customers', 'search']} placeholder={t('anyCustomer')} data-testid="template-customer" />
              </Box>
              <Box>
                <Text textStyle="sm" fontWeight="medium" mb="1.5">{t('field.product')}</Text>
                <RemoteSelect value={product?.value ?? ''} selected={product} onChange={setProduct} search={searchProducts} queryKey={['channelProducts', 'search']} placeholder={t('anyProduct')} data-testid="template-product" />
              </Box>
              <Checkbox.Root checked={enabled} onCheckedChange={(d) => setEnabled(d.checked === true)} data-testid="template-enabled">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('field.izEnable')}</Checkbox.Label>
              </Checkbox.Root>
            </SimpleGrid>

            <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
              <Stack gap="2" flexShrink={0}>
                <HStack gap="1.5" wrap="wrap">
                  {KINDS.map((k) => (
                    <Button key={k} size="xs" variant="outline" onClick={() => add(k)} data-testid={`template-add-${k}`}>
                      {`+ ${t(`kind.${k}`)}`}
                    </Button>
                  ))}
                </HStack>
                <Box borderWidth="1px" borderRadius="l2" bg="white" boxShadow="sm" tabIndex={0} onKeyDown={onKey} outline="none" _focusVisible={{ boxShadow: 'outline' }} data-testid="template-canvas" aria-label={t('canvas')}
                  maxWidth="100%" overflow="auto">
                  <svg width={width * SCALE} height={height * SCALE} viewBox={`0 0 ${width} ${height}`} style={{ display: 'block', touchAction: 'none' }}
                    onPointerMove={(e) => {
                      if (!drag.current) return;
                      const [x, y] = point(e);
                      update(drag.current.index, { x: round(x - drag.current.dx), y: round(y - drag.current.dy) });
                    }}
                    onPointerUp={() => (drag.current = undefined)}
                    onPointerLeave={() => (drag.current = undefined)}>
                    <defs>
                      <pattern id="mm5" width="5" height="5" patternUnits="userSpaceOnUse">
                        <path d="M 5 0 L 0 0 0 5" fill="none" stroke="#e5e7eb" strokeWidth="0.15" />
                      </pattern>
                    </defs>
                    <rect width={width} height={height} fill="url(#mm5)" />
                    {content.elements.map((e, i) => {
                      const colour = issueOf(i) ? '#dc2626' : KIND_COLOURS[e.kind];
                      const w = Math.max(e.w, 0.6);
                      const h = Math.max(e.h, 0.6);
                      return (
                        <g key={i} onPointerDown={(ev) => {
                          const [x, y] = point(ev as unknown as PointerEvent<SVGSVGElement>);
                          setSelected(i);
                          drag.current = { index: i, dx: x - e.x, dy: y - e.y };
                        }} style={{ cursor: 'move' }} data-testid="template-element">
                          <rect x={e.x} y={e.y} width={w} height={h} fill={e.inverse && e.kind === 'rect' ? '#111827' : colour} fillOpacity={e.kind === 'rect' && e.inverse ? 0.85 : 0.08}
                            stroke={colour} strokeWidth={selected === i ? 0.6 : 0.2} />
                          {e.kind === 'text' || e.kind === 'barcode' || e.kind === 'qr' ? (
                            <text x={e.x + 0.8} y={e.y + Math.min(h - 0.5, 3.2)} fill={e.inverse ? '#fff' : colour} style={{ pointerEvents: 'none', fontSize: `${Math.min(3, Math.max(1.6, e.fontSize * 0.3))}px`, lineHeight: 1 }}>
                              {e.kind === 'text' ? e.content.slice(0, Math.max(4, Math.floor(e.w / 1.4))) : `${t(`kind.${e.kind}`)} ${e.content}`}
                            </text>
                          ) : null}
                        </g>
                      );
                    })}
                  </svg>
                </Box>
                <Text textStyle="xs" color="fg.muted">{t('keys')}</Text>
              </Stack>

              <Stack gap="3" flex="1" minWidth={{ base: '100%', lg: '280px' }} maxWidth={{ lg: '360px' }} data-testid="template-properties">
                <Text fontWeight="semibold">{element ? t('element', { index: (selected ?? 0) + 1 }) : t('noSelection')}</Text>
                {element && selected !== undefined ? (
                  <>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field value={element.kind} onChange={(e) => update(selected, { kind: e.currentTarget.value as TemplateElement['kind'] })} data-testid="template-element-kind">
                        {KINDS.map((k) => <option key={k} value={k}>{t(`kind.${k}`)}</option>)}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <SimpleGrid columns={4} gap="2">
                      {numberInput('x', 'X (mm)')}
                      {numberInput('y', 'Y (mm)')}
                      {numberInput('w', t('width'))}
                      {numberInput('h', t('height'))}
                    </SimpleGrid>
                    {element.kind === 'text' || element.kind === 'barcode' || element.kind === 'qr' ? (
                      <>
                        <Textarea size="sm" rows={3} value={element.content} onChange={(e) => update(selected, { content: e.currentTarget.value })} data-testid="template-element-content" />
                        <NativeSelect.Root size="sm">
                          <NativeSelect.Field value="" onChange={(e) => e.currentTarget.value && update(selected, { content: `${element.content}{${e.currentTarget.value}}` })} data-testid="template-insert-field">
                            <option value="">{t('insertField')}</option>
                            {LABEL_FIELDS.map((f) => <option key={f} value={f}>{`${t(`labelField.${f}`)} {${f}}`}</option>)}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </>
                    ) : null}
                    {element.kind === 'text' ? (
                      <SimpleGrid columns={2} gap="2" alignItems="end">
                        {numberInput('fontSize', t('fontSize'))}
                        <NativeSelect.Root size="sm">
                          <NativeSelect.Field value={element.align} onChange={(e) => update(selected, { align: e.currentTarget.value as TemplateElement['align'] })} data-testid="template-element-align">
                            {(['left', 'center', 'right'] as const).map((a) => <option key={a} value={a}>{t(`align.${a}`)}</option>)}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </SimpleGrid>
                    ) : null}
                    {element.kind === 'line' || element.kind === 'rect' ? numberInput('thickness', t('thickness')) : null}
                    <HStack gap="4" wrap="wrap">
                      {element.kind === 'text' ? (
                        <Checkbox.Root size="sm" checked={element.bold} onCheckedChange={(d) => update(selected, { bold: d.checked === true })}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{t('bold')}</Checkbox.Label>
                        </Checkbox.Root>
                      ) : null}
                      {element.kind === 'text' || element.kind === 'rect' ? (
                        <Checkbox.Root size="sm" checked={element.inverse} onCheckedChange={(d) => update(selected, { inverse: d.checked === true })}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{t(element.kind === 'rect' ? 'filled' : 'white')}</Checkbox.Label>
                        </Checkbox.Root>
                      ) : null}
                    </HStack>
                    {issueOf(selected) ? <Text textStyle="sm" color="fg.error" data-testid="template-element-issue">{issueOf(selected)}</Text> : null}
                    <HStack gap="2">
                      <Button size="xs" variant="outline" onClick={() => { setContent((c) => ({ ...c, elements: [...c.elements, { ...element, x: round(element.x + 2), y: round(element.y + 2) }] })); setSelected(content.elements.length); }} data-testid="template-duplicate">
                        {t('duplicate')}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove(selected)} data-testid="template-remove">
                        {t('remove')}
                      </Button>
                    </HStack>
                  </>
                ) : (
                  <Text textStyle="sm" color="fg.muted">{t('selectHint')}</Text>
                )}
                {issues.length > 0 ? (
                  <Alert.Root status="warning" data-testid="template-issues">
                    <Alert.Indicator />
                    <Alert.Description>{issues.map((i) => i.message).join(' ')}</Alert.Description>
                  </Alert.Root>
                ) : null}
              </Stack>

              <Stack gap="2" flex="1" minWidth={{ base: '100%', lg: '300px' }}>
                <Button size="sm" variant="outline" onClick={() => void showPreview()} disabled={issues.length > 0} data-testid="template-preview">
                  {t('preview')}
                </Button>
                {preview ? (
                  <Frame title={t('preview')} src={preview} width="100%" height={{ base: '70vh', lg: `${height * 4.2}px` }} borderWidth="1px" borderRadius="l2" data-testid="template-preview-frame" />
                ) : (
                  <Text textStyle="sm" color="fg.muted">{t('previewHint')}</Text>
                )}
              </Stack>
            </Flex>
          </Stack>
        </Box>
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px">
        <Button variant="outline" onClick={onClose} data-testid="template-cancel">{t('cancel')}</Button>
        <Button onClick={() => (name.trim() ? save.mutate() : setProblem(t('nameRequired')))} loading={save.isPending} disabled={issues.length > 0} data-testid="template-save">
          {t('save')}
        </Button>
      </Drawer.Footer>
    </>
  );
}
