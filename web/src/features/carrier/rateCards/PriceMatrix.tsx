import {
  Box,
  Button,
  chakra,
  Field,
  Flex,
  HStack,
  Input,
  List,
  Popover,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { useConfirm } from '../../../components/ConfirmDialog';
import { FormField, FormNote } from '../../../components/form/FormField';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { RemoveButton } from '../../../components/form/RowsEditor';
import { MapPinIcon, PlusIcon } from '../../../components/icons';
import { SectionEmpty } from './EditorSection';
import { PRICE_MODES, type PriceMode } from './types';
import type { EditDraft, Errors } from './editing';
import {
  cellErrors,
  emptyCell,
  errorKeys,
  MODE_FIELDS,
  nextBracket,
  normalizeDecimal,
  setCell,
  setRow,
  validateCell,
  type BracketDraft,
  type CellDraft,
  type ZoneDraft,
} from './model';

interface PriceMatrixProps {
  zones: ZoneDraft[];
  brackets: BracketDraft[];
  currency: string;
  errors: Errors;
  edit: EditDraft;
  readOnly: boolean;
  onGoToZones: () => void;
}

interface ActiveCell {
  bracketKey: string;
  zoneKey: string;
}

type CellField = keyof Omit<CellDraft, 'mode'>;

const bracketLabel = (bracket: Pick<BracketDraft, 'fromWeight' | 'toWeight'>) => `${bracket.fromWeight || '?'} – ${bracket.toWeight || '?'}`;

/** The two lines a cell shows: the main amount and what it means. */
function summary(t: TFunction<'rateCard'>, cell: CellDraft): { main: string; sub: string } {
  switch (cell.mode) {
    case 'firstAdditional':
      return {
        main: cell.firstPrice || '?',
        sub: t('cell.firstAdditionalSub', { firstWeight: cell.firstWeight || '?', stepWeight: cell.stepWeight || '?', stepPrice: cell.stepPrice || '?' }),
      };
    case 'perKg':
      return { main: t('cell.perKgMain', { price: cell.price || '?' }), sub: cell.minCharge ? t('cell.minSub', { min: cell.minCharge }) : t('mode.perKg') };
    default:
      return { main: cell.price || '?', sub: t('mode.fixed') };
  }
}

/** A weight for sorting: blanks and non-numbers last. */
const sortWeight = (value: string) => {
  const n = Number(normalizeDecimal(value));
  return value.trim() === '' || Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
};

const cellSelector = (row: number, col: number) => `[data-cell-row="${row}"][data-cell-col="${col}"]`;

/**
 * The price matrix: rows are weight brackets (from exclusive, to inclusive), columns are zones,
 * and each cell holds that zone's price for the bracket (fixed, first + additional, or per kg),
 * edited in a small popover. Arrow keys move between cells, Enter edits, Delete empties a cell.
 * The matrix scrolls inside its own box (rows and the header stay in view).
 */
export const PriceMatrix = memo(function PriceMatrix({ zones, brackets, currency, errors, edit, readOnly, onGoToZones }: PriceMatrixProps) {
  const { t } = useTranslation('rateCard');
  const { confirm, dialog } = useConfirm();
  const [active, setActive] = useState<ActiveCell>();
  const anchor = useRef<HTMLElement | null>(null);
  const restoreFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const editBrackets = (update: (brackets: BracketDraft[]) => BracketDraft[], clear: string[]) => edit((current) => ({ ...current, brackets: update(current.brackets) }), clear);

  const open = (cell: ActiveCell, element: HTMLElement) => {
    anchor.current = element;
    setActive(cell);
  };

  /** The cell just closed by a click outside the popover: a click on that very cell only closes it. */
  const lastClosed = useRef<string>(undefined);

  const close = (focusCell: boolean) => {
    const element = anchor.current;
    if (active) {
      const key = `${active.bracketKey}.${active.zoneKey}`;
      lastClosed.current = key;
      window.setTimeout(() => {
        if (lastClosed.current === key) lastClosed.current = undefined;
      }, 400);
    }
    setActive(undefined);
    if (focusCell && element) window.requestAnimationFrame(() => element.focus());
  };

  const addBracket = () => {
    const bracket = nextBracket(brackets);
    editBrackets((current) => [...current, bracket], ['prices']);
    window.requestAnimationFrame(() => gridRef.current?.querySelector<HTMLInputElement>(`[data-error-key="${errorKeys.bracket(bracket.key, 'toWeight')}"]`)?.focus());
  };

  const removeBracket = (bracket: BracketDraft, index: number) => {
    const drop = () => editBrackets((current) => current.filter((b) => b.key !== bracket.key), [`bracket.${bracket.key}`, `cell.${bracket.key}`, 'prices']);
    const priced = zones.filter((zone) => bracket.cells[zone.key]).length;
    if (priced === 0) {
      drop();
      return;
    }
    confirm({
      title: t('matrix.removeRowTitle', { n: index + 1 }),
      description: t('matrix.removeRowDescription', { bracket: bracketLabel(bracket), count: priced }),
      testId: 'rate-card-bracket-remove-confirm',
      onConfirm: drop,
    });
  };

  const sortBrackets = () => {
    editBrackets((current) => current.toSorted((a, b) => sortWeight(a.fromWeight) - sortWeight(b.fromWeight) || sortWeight(a.toWeight) - sortWeight(b.toWeight)), []);
  };

  const setWeight = (key: string, field: 'fromWeight' | 'toWeight', value: string) =>
    editBrackets((current) => current.map((b) => (b.key === key ? { ...b, [field]: value } : b)), [errorKeys.bracket(key, field), 'prices']);

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.cellRow);
    const col = Number(target.dataset.cellCol);
    if (target.dataset.cellRow === undefined || Number.isNaN(row) || Number.isNaN(col)) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      const next = gridRef.current?.querySelector<HTMLElement>(cellSelector(row + move[0], col + move[1]));
      if (next) {
        event.preventDefault();
        next.focus();
        next.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
      return;
    }
    if ((event.key === 'Delete' || event.key === 'Backspace') && !readOnly) {
      const bracket = brackets[row];
      const zone = zones[col];
      if (bracket && zone && bracket.cells[zone.key]) {
        event.preventDefault();
        editBrackets((current) => setCell(current, bracket.key, zone.key, undefined), [errorKeys.cell(bracket.key, zone.key)]);
      }
    }
  };

  // Messages of the matrix, listed above it so that none is missed in a wide table.
  const zoneByKey = new Map(zones.map((zone) => [zone.key, zone]));
  const bracketByKey = new Map(brackets.map((bracket, index) => [bracket.key, { bracket, index }]));
  const problems: { id: string; label: string; message: string; cell?: ActiveCell; focus?: string }[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (key === 'prices') problems.push({ id: key, label: t('section.prices'), message });
    const parts = key.split('.');
    if (parts[0] === 'bracket') {
      const found = bracketByKey.get(parts[1] ?? '');
      if (found) problems.push({ id: key, label: t('matrix.rowLabel', { n: found.index + 1, bracket: bracketLabel(found.bracket) }), message, focus: key });
    } else if (parts[0] === 'cell') {
      const found = bracketByKey.get(parts[1] ?? '');
      const zone = zoneByKey.get(parts[2] ?? '');
      if (found && zone) {
        problems.push({
          id: key,
          label: t('matrix.cellLabel', { zone: zone.code || '?', bracket: bracketLabel(found.bracket) }),
          message,
          cell: { bracketKey: found.bracket.key, zoneKey: zone.key },
        });
      }
    }
  }

  const jumpTo = (problem: (typeof problems)[number]) => {
    const grid = gridRef.current;
    if (!grid) return;
    if (problem.cell) {
      const element = grid.querySelector<HTMLElement>(`[data-error-key="${errorKeys.cell(problem.cell.bracketKey, problem.cell.zoneKey)}"]`);
      if (element) {
        element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        element.focus();
        open(problem.cell, element);
      }
    } else if (problem.focus) {
      const element = grid.querySelector<HTMLElement>(`[data-error-key="${problem.focus}"]`);
      element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      element?.focus();
    }
  };

  const weightInput = (bracket: BracketDraft, rowIndex: number, field: 'fromWeight' | 'toWeight') => {
    const key = errorKeys.bracket(bracket.key, field);
    const which = field === 'fromWeight' ? 'from' : 'to';
    return (
      <Field.Root invalid={!!errors[key]} readOnly={readOnly} width="auto">
        <Input
          size="xs"
          width="4.5rem"
          inputMode="decimal"
          value={bracket[field]}
          aria-label={t(`matrix.${which}Label`, { n: rowIndex + 1 })}
          title={errors[key] ?? t(`matrix.${which}Title`)}
          onChange={(event) => setWeight(bracket.key, field, event.currentTarget.value)}
          data-error-key={key}
          data-testid={`rate-card-bracket-${which}`}
        />
      </Field.Root>
    );
  };

  if (zones.length === 0) {
    return (
      <SectionEmpty
        size="md"
        borderWidth="1px"
        rounded="md"
        data-testid="rate-card-matrix-no-zones"
        icon={<MapPinIcon />}
        title={t('matrix.noZonesTitle')}
        description={t('matrix.noZonesDescription')}
        note={<FormNote>{errors.prices}</FormNote>}
      >
        <Button size="sm" variant="outline" onClick={onGoToZones} data-testid="rate-card-matrix-go-zones">
          {t('matrix.goToZones')}
        </Button>
      </SectionEmpty>
    );
  }

  const activeBracket = active ? brackets.find((b) => b.key === active.bracketKey) : undefined;
  const activeZone = active ? zoneByKey.get(active.zoneKey) : undefined;

  return (
    <Stack gap="3" minWidth="0" data-testid="rate-card-matrix">
      <Flex gap="2" wrap="wrap" align="center">
        <Text textStyle="sm" color="fg.muted" flex="1" minWidth="48">
          {readOnly ? t('matrix.hintReadOnly', { currency }) : t('matrix.hint', { currency })}
        </Text>
        {!readOnly ? (
          <HStack gap="2">
            <Button size="xs" variant="ghost" onClick={sortBrackets} disabled={brackets.length < 2} data-testid="rate-card-bracket-sort">
              {t('matrix.sort')}
            </Button>
            <Button size="xs" variant="outline" onClick={addBracket} data-testid="rate-card-bracket-add">
              <PlusIcon />
              {t('matrix.addRow')}
            </Button>
          </HStack>
        ) : null}
      </Flex>

      {problems.length > 0 ? (
        <Box borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" paddingX="3" paddingY="2" role="alert" data-testid="rate-card-matrix-errors">
          <Text textStyle="sm" fontWeight="medium" color="fg.error" marginBottom="1">
            {t('matrix.problems', { count: problems.length })}
          </Text>
          <List.Root gap="1" variant="plain" textStyle="sm">
            {problems.slice(0, 6).map((problem) => (
              <List.Item key={problem.id} display="flex" gap="2" alignItems="baseline" flexWrap="wrap">
                {problem.cell || problem.focus ? (
                  <chakra.button type="button" color="fg.error" fontWeight="medium" textDecoration="underline" cursor="pointer" rounded="sm" focusVisibleRing="outside" onClick={() => jumpTo(problem)}>
                    {problem.label}
                  </chakra.button>
                ) : (
                  <Text as="span" fontWeight="medium" color="fg.error">
                    {problem.label}
                  </Text>
                )}
                <Text as="span" color="fg.error">
                  {problem.message}
                </Text>
              </List.Item>
            ))}
            {problems.length > 6 ? (
              <List.Item color="fg.error">{t('matrix.moreProblems', { count: problems.length - 6 })}</List.Item>
            ) : null}
          </List.Root>
        </Box>
      ) : null}

      {brackets.length === 0 ? (
        <SectionEmpty borderWidth="1px" rounded="md" data-testid="rate-card-matrix-empty" title={t('matrix.emptyTitle')} description={t('matrix.emptyDescription')}>
          {!readOnly ? (
            <Button size="sm" onClick={addBracket}>
              <PlusIcon />
              {t('matrix.addRow')}
            </Button>
          ) : null}
        </SectionEmpty>
      ) : (
        <Box
          as="section"
          ref={gridRef}
          overflow="auto"
          maxWidth="100%"
          maxHeight={{ base: '65dvh', md: 'calc(100dvh - 17rem)' }}
          borderWidth="1px"
          rounded="md"
          aria-label={t('matrix.label')}
          onKeyDown={onGridKeyDown}
          data-testid="rate-card-matrix-scroll"
        >
          <Table.Root size="sm" minWidth="max-content" width="full" aria-label={t('matrix.label')} css={{ borderCollapse: 'separate', borderSpacing: 0 }}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader position="sticky" top="0" insetInlineStart="0" zIndex="3" bg="bg.subtle" minWidth="13rem" borderEndWidth="1px">
                  {t('matrix.bracket')}
                </Table.ColumnHeader>
                {zones.map((zone) => (
                  <Table.ColumnHeader key={zone.key} position="sticky" top="0" zIndex="2" bg="bg.subtle" minWidth="8.5rem" textAlign="center" data-testid="rate-card-matrix-zone">
                    <Text fontFamily="mono" fontWeight="semibold" color="fg">
                      {zone.code || '?'}
                    </Text>
                    <Text textStyle="xs" color="fg.muted" fontWeight="normal" maxWidth="8rem" marginX="auto" truncate title={zone.countries.join(', ')}>
                      {zone.countries.length > 0 ? zone.countries.join(' ') : t('matrix.noCountries')}
                    </Text>
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {brackets.map((bracket, rowIndex) => {
                const fromKey = errorKeys.bracket(bracket.key, 'fromWeight');
                const toKey = errorKeys.bracket(bracket.key, 'toWeight');
                return (
                  <Table.Row key={bracket.key} data-testid="rate-card-bracket-row">
                    <Table.Cell position="sticky" insetInlineStart="0" zIndex="1" bg="bg" borderEndWidth="1px" paddingY="1.5">
                      <HStack gap="1">
                        {weightInput(bracket, rowIndex, 'fromWeight')}
                        <Text textStyle="xs" color="fg.muted" aria-hidden>
                          {'→'}
                        </Text>
                        {weightInput(bracket, rowIndex, 'toWeight')}
                        <Text textStyle="xs" color="fg.muted">
                          {t('unit.kg')}
                        </Text>
                        {!readOnly ? <RemoveButton size="2xs" label={t('matrix.removeRow', { n: rowIndex + 1 })} onClick={() => removeBracket(bracket, rowIndex)} testId="rate-card-bracket-remove" /> : null}
                      </HStack>
                      {errors[fromKey] || errors[toKey] ? (
                        <Text textStyle="xs" color="fg.error" maxWidth="13rem" whiteSpace="normal" marginTop="1" data-testid="rate-card-bracket-error">
                          {errors[toKey] ?? errors[fromKey]}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    {zones.map((zone, colIndex) => {
                      const cell = bracket.cells[zone.key];
                      const messages = cellErrors(errors, bracket.key, zone.key);
                      const message = Object.values(messages)[0];
                      const shown = cell ? summary(t, cell) : undefined;
                      const isActive = active?.bracketKey === bracket.key && active.zoneKey === zone.key;
                      return (
                        <Table.Cell key={zone.key} padding="1" textAlign="center">
                          <chakra.button
                            type="button"
                            width="full"
                            minHeight="10"
                            paddingX="2"
                            paddingY="1"
                            rounded="sm"
                            borderWidth="1px"
                            borderStyle={cell ? 'solid' : 'dashed'}
                            borderColor={message ? 'border.error' : isActive ? 'colorPalette.solid' : cell ? 'border' : 'border.muted'}
                            bg={message ? 'bg.error' : isActive ? 'colorPalette.subtle' : cell ? 'bg' : 'transparent'}
                            colorPalette="blue"
                            cursor={readOnly ? 'default' : 'pointer'}
                            textAlign="center"
                            _hover={readOnly ? undefined : { borderColor: 'colorPalette.solid' }}
                            focusVisibleRing="inside"
                            data-cell-row={rowIndex}
                            data-cell-col={colIndex}
                            data-error-key={errorKeys.cell(bracket.key, zone.key)}
                            data-invalid={message ? '' : undefined}
                            data-testid="rate-card-cell"
                            aria-haspopup="dialog"
                            aria-expanded={isActive}
                            aria-invalid={message ? true : undefined}
                            aria-label={t('matrix.cellAria', {
                              zone: zone.code || '?',
                              bracket: bracketLabel(bracket),
                              value: shown ? `${shown.main} (${shown.sub})` : t('matrix.emptyCell'),
                            })}
                            title={message}
                            disabled={readOnly && !cell}
                            onClick={(event) => {
                              const closedNow = lastClosed.current === `${bracket.key}.${zone.key}`;
                              if (isActive) close(false);
                              else if (!closedNow) open({ bracketKey: bracket.key, zoneKey: zone.key }, event.currentTarget);
                            }}
                          >
                            {shown ? (
                              <>
                                <Text textStyle="sm" fontWeight="medium" fontVariantNumeric="tabular-nums" lineHeight="short">
                                  {shown.main}
                                </Text>
                                <Text textStyle="2xs" color="fg.muted" lineHeight="short" whiteSpace="nowrap">
                                  {shown.sub}
                                </Text>
                              </>
                            ) : (
                              <Text textStyle="sm" color="fg.subtle" aria-hidden>
                                {readOnly ? '—' : '+'}
                              </Text>
                            )}
                          </chakra.button>
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}

      <Popover.Root
        open={active !== undefined && activeBracket !== undefined && activeZone !== undefined}
        onOpenChange={(details) => {
          if (!details.open) {
            close(restoreFocus.current);
            restoreFocus.current = false;
          }
        }}
        onEscapeKeyDown={() => {
          restoreFocus.current = true;
        }}
        positioning={{
          placement: 'bottom-start',
          strategy: 'fixed',
          flip: true,
          getAnchorElement: () => anchor.current,
        }}
        lazyMount
        unmountOnExit
        initialFocusEl={() => document.querySelector<HTMLElement>('[data-cell-editor-first]')}
      >
        <Popover.Positioner>
          <Popover.Content width="20rem" maxWidth="calc(100vw - 1rem)" data-testid="rate-card-cell-editor">
            {active && activeBracket && activeZone ? (
              <CellEditor
                key={`${active.bracketKey}.${active.zoneKey}`}
                initial={activeBracket.cells[active.zoneKey]}
                title={t('cell.title', { zone: activeZone.code || '?', bracket: bracketLabel(activeBracket) })}
                currency={currency}
                serverErrors={cellErrors(errors, active.bracketKey, active.zoneKey)}
                readOnly={readOnly}
                rowCount={zones.length}
                onApply={(cell) => {
                  editBrackets((current) => setCell(current, active.bracketKey, active.zoneKey, cell), [errorKeys.cell(active.bracketKey, active.zoneKey), 'prices']);
                  close(true);
                }}
                onApplyRow={(cell) => {
                  editBrackets(
                    (current) => setRow(current, active.bracketKey, zones, cell),
                    [...zones.map((zone) => errorKeys.cell(active.bracketKey, zone.key)), 'prices'],
                  );
                  close(true);
                }}
                onClear={() => {
                  editBrackets((current) => setCell(current, active.bracketKey, active.zoneKey, undefined), [errorKeys.cell(active.bracketKey, active.zoneKey), 'prices']);
                  close(true);
                }}
                onCancel={() => close(true)}
              />
            ) : null}
          </Popover.Content>
        </Popover.Positioner>
      </Popover.Root>
      {dialog}
    </Stack>
  );
});

interface CellEditorProps {
  initial: CellDraft | undefined;
  title: string;
  currency: string;
  /** The server's messages for this cell, by field ('' for the whole cell). */
  serverErrors: Record<string, string>;
  readOnly: boolean;
  rowCount: number;
  onApply: (cell: CellDraft) => void;
  onApplyRow: (cell: CellDraft) => void;
  onClear: () => void;
  onCancel: () => void;
}

/** One cell's price: its mode and the mode's numbers. Enter applies, Esc cancels. */
function CellEditor({ initial, title, currency, serverErrors, readOnly, rowCount, onApply, onApplyRow, onClear, onCancel }: CellEditorProps) {
  const { t } = useTranslation('rateCard');
  const [value, setValue] = useState<CellDraft>(() => initial ?? emptyCell());
  const [checked, setChecked] = useState(false);
  const problems = validateCell(value, currentLanguage());
  const fields = MODE_FIELDS[value.mode];
  const general = serverErrors[''] ?? serverErrors.zone ?? serverErrors.mode;

  const submit = (apply: (cell: CellDraft) => void) => {
    setChecked(true);
    if (Object.keys(problems).length === 0) apply(value);
  };

  const unit = (field: CellField) => (field === 'firstWeight' || field === 'stepWeight' ? t('unit.kg') : field === 'price' && value.mode === 'perKg' ? t('cell.perKgUnit', { currency }) : currency);

  return (
    <chakra.form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) submit(onApply);
      }}
    >
      <Popover.Header paddingBottom="2">
        <Popover.Title fontWeight="semibold" textStyle="sm">
          {title}
        </Popover.Title>
      </Popover.Header>
      <Popover.Body paddingTop="0">
        <Stack gap="3">
          <FormNote>{general}</FormNote>
          <FormField label={t('cell.mode')} labelProps={{ textStyle: 'xs' }} disabled={readOnly} invalid={!!serverErrors.mode}>
            <OptionSelect
              options={PRICE_MODES.map((mode) => ({ value: mode, label: t(`mode.${mode}`) }))}
              value={value.mode}
              onChange={(event) => setValue({ ...value, mode: event.currentTarget.value as PriceMode })}
              disabled={readOnly}
              data-testid="rate-card-cell-mode"
            />
          </FormField>
          <SimpleGrid columns={fields.length > 1 ? 2 : 1} gap="3">
            {fields.map((field, index) => {
              const message = serverErrors[field] ?? (checked ? problems[field] : undefined);
              return (
                <FormField key={field} label={t(`cell.field.${value.mode === 'perKg' && field === 'price' ? 'pricePerKg' : field}`)} labelProps={{ textStyle: 'xs' }}
                  required={field !== 'minCharge'} readOnly={readOnly} error={message}
                >
                  <HStack gap="1.5" width="full">
                    <Input
                      size="sm"
                      inputMode="decimal"
                      autoComplete="off"
                      value={value[field]}
                      onChange={(event) => setValue({ ...value, [field]: event.currentTarget.value })}
                      data-testid={`rate-card-cell-${field}`}
                      data-cell-editor-first={index === 0 && !readOnly ? '' : undefined}
                    />
                    <Text textStyle="xs" color="fg.muted" flexShrink={0}>
                      {unit(field)}
                    </Text>
                  </HStack>
                </FormField>
              );
            })}
          </SimpleGrid>
          <Text textStyle="xs" color="fg.muted">
            {t(`cell.help.${value.mode}`)}
          </Text>
        </Stack>
      </Popover.Body>
      <Popover.Footer justifyContent="space-between" gap="2" flexWrap="wrap">
        {readOnly ? (
          <Button size="xs" variant="outline" marginStart="auto" onClick={onCancel}>
            {t('action.close', { ns: 'dataTable' })}
          </Button>
        ) : (
          <>
            <HStack gap="1">
              {initial ? (
                <Button size="xs" variant="ghost" colorPalette="red" onClick={onClear} data-testid="rate-card-cell-clear">
                  {t('cell.clear')}
                </Button>
              ) : null}
              {rowCount > 1 ? (
                <Button size="xs" variant="ghost" onClick={() => submit(onApplyRow)} data-testid="rate-card-cell-apply-row">
                  {t('cell.applyRow')}
                </Button>
              ) : null}
            </HStack>
            <HStack gap="1">
              <Button size="xs" variant="outline" onClick={onCancel} data-testid="rate-card-cell-cancel">
                {t('action.cancel', { ns: 'dataTable' })}
              </Button>
              <Button size="xs" type="submit" data-testid="rate-card-cell-apply">
                {t('cell.apply')}
              </Button>
            </HStack>
          </>
        )}
      </Popover.Footer>
    </chakra.form>
  );
}
