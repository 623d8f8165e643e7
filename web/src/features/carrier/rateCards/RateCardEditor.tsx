import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  EmptyState,
  Flex,
  HStack,
  Portal,
  Skeleton,
  SkeletonText,
  Stack,
  Tabs,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { useConfirm } from '../../../components/ConfirmDialog';
import { RefreshIcon } from '../../../components/icons';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { addRateCard, editRateCard, fetchRateCard, rateCardKeys, serverFailure } from './api';
import { BasicsSection } from './BasicsSection';
import { withoutErrors, type EditDraft, type Errors } from './editing';
import {
  countBySection,
  detailToDraft,
  draftToInput,
  emptyDraft,
  locateServerField,
  priceCount,
  sectionOf,
  validateDraft,
  versionDraft,
  type CardDraft,
  type Section,
} from './model';
import { PriceMatrix } from './PriceMatrix';
import { RateCardStateTag } from './RateCardStateTag';
import { SurchargesSection } from './SurchargesSection';
import type { RateCardDetail } from './types';
import { ZonesSection } from './ZonesSection';

/** What the editor opens: a new card, a saved one, or a new version copied from a saved one. */
export type EditorTarget = { mode: 'add' } | { mode: 'edit' | 'version'; id: string };

interface RateCardEditorProps {
  target: EditorTarget | undefined;
  onClose: () => void;
  /** After a save, with the card the server answered. */
  onSaved: (saved: RateCardDetail) => void;
}

const SECTIONS: Section[] = ['basics', 'zones', 'prices', 'surcharges'];

/**
 * The full-screen rate card editor. Closing with unsaved changes asks first; Ctrl+S (⌘S) saves.
 */
export function RateCardEditor({ target, onClose, onSaved }: RateCardEditorProps) {
  const { t } = useTranslation('rateCard');
  const { confirm, dialog } = useConfirm();
  const dirty = useRef(false);

  const requestClose = useCallback(() => {
    if (!dirty.current) {
      onClose();
      return;
    }
    confirm({
      title: t('form.discardTitle'),
      description: t('form.discardDescription'),
      confirmLabel: t('form.discard'),
      testId: 'rate-card-discard-confirm',
      onConfirm: () => {
        dirty.current = false;
        onClose();
      },
    });
  }, [confirm, onClose, t]);

  return (
    <>
      <Drawer.Root
        open={target !== undefined}
        onOpenChange={(details) => (details.open ? undefined : requestClose())}
        size="full"
        placement="end"
        lazyMount
        unmountOnExit
        closeOnInteractOutside={false}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="rate-card-editor">
              {target ? (
                <EditorLoader
                  key={target.mode === 'add' ? 'add' : `${target.mode}-${target.id}`}
                  target={target}
                  onDirtyChange={(value) => {
                    dirty.current = value;
                  }}
                  onCancel={requestClose}
                  onSaved={(saved) => {
                    dirty.current = false;
                    onSaved(saved);
                    onClose();
                  }}
                />
              ) : null}
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('action.close', { ns: 'dataTable' })} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      {dialog}
    </>
  );
}

interface LoaderProps {
  target: EditorTarget;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (saved: RateCardDetail) => void;
}

/** Loads the saved card (edit, new version) before the form starts. */
function EditorLoader({ target, onDirtyChange, onCancel, onSaved }: LoaderProps) {
  const { t } = useTranslation('rateCard');
  const id = target.mode === 'add' ? '' : target.id;
  const query = useQuery({
    queryKey: rateCardKeys.detail(id),
    queryFn: ({ signal }) => fetchRateCard(id, signal),
    enabled: id !== '',
    staleTime: 30_000,
  });

  if (target.mode === 'add') return <EditorForm target={target} onDirtyChange={onDirtyChange} onCancel={onCancel} onSaved={onSaved} />;
  if (query.data) return <EditorForm target={target} detail={query.data} onDirtyChange={onDirtyChange} onCancel={onCancel} onSaved={onSaved} />;

  return (
    <>
      <Drawer.Header borderBottomWidth="1px">
        <Drawer.Title>{target.mode === 'version' ? t('form.versionTitleLoading') : t('form.editTitleLoading')}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        {query.isError ? (
          <EmptyState.Root size="md" data-testid="rate-card-editor-error">
            <EmptyState.Content>
              <VStack textAlign="center" gap="1">
                <EmptyState.Title>{t('form.loadFailed')}</EmptyState.Title>
                <EmptyState.Description>{query.error instanceof Error ? query.error.message : ''}</EmptyState.Description>
              </VStack>
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={onCancel}>
                  {t('action.close', { ns: 'dataTable' })}
                </Button>
                <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
                  <RefreshIcon />
                  {t('form.retry')}
                </Button>
              </HStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap="5" data-testid="rate-card-editor-skeleton" aria-busy="true" aria-label={t('form.loading')}>
            <HStack gap="4">
              {SECTIONS.map((section) => (
                <Skeleton key={section} height="6" width="24" />
              ))}
            </HStack>
            <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
              {Array.from({ length: 6 }, (_, index) => (
                <Stack key={index} gap="2">
                  <Skeleton height="3" width="40%" />
                  <Skeleton height="8" />
                </Stack>
              ))}
            </Box>
            <SkeletonText noOfLines={5} gap="3" />
          </Stack>
        )}
      </Drawer.Body>
    </>
  );
}

interface FormProps {
  target: EditorTarget;
  detail?: RateCardDetail;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (saved: RateCardDetail) => void;
}

function initialDraft(target: EditorTarget, detail: RateCardDetail | undefined): CardDraft {
  if (!detail || target.mode === 'add') return emptyDraft();
  return target.mode === 'version' ? versionDraft(detail) : detailToDraft(detail);
}

function EditorForm({ target, detail, onDirtyChange, onCancel, onSaved }: FormProps) {
  const { t } = useTranslation('rateCard');
  const canAdd = useButtonState('logistics:rateCard:add') === 'visible';
  const canEdit = useButtonState('logistics:rateCard:edit') === 'visible';
  const readOnly = target.mode === 'edit' ? !canEdit : !canAdd;
  const [initial] = useState(() => initialDraft(target, detail));
  const initialJson = useMemo(() => JSON.stringify(initial), [initial]);
  const [draft, setDraft] = useState<CardDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string>();
  const [tab, setTab] = useState<Section>('basics');
  const [saving, setSaving] = useState(false);
  const [focusKey, setFocusKey] = useState<{ key: string }>();
  const bodyRef = useRef<HTMLDivElement>(null);

  // A new version is unsaved from the start (it exists only here).
  const dirty = target.mode === 'version' || JSON.stringify(draft) !== initialJson;
  useEffect(() => onDirtyChange(dirty && !readOnly), [dirty, readOnly, onDirtyChange]);

  const edit = useCallback<EditDraft>((update, clear = []) => {
    setDraft(update);
    if (clear.length > 0) setErrors((current) => withoutErrors(current, clear));
  }, []);

  // Shows the first error: its tab, then the field (or cell) scrolled into view and focused.
  useEffect(() => {
    if (!focusKey) return undefined;
    const frame = window.requestAnimationFrame(() => {
      const root = bodyRef.current;
      if (!root) return;
      const key = focusKey.key.startsWith('cell.') ? focusKey.key.split('.').slice(0, 3).join('.') : focusKey.key;
      const element = root.querySelector<HTMLElement>(`[data-error-key="${CSS.escape(key)}"]`);
      if (!element) return;
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      if (element.matches('input, select, textarea, button')) element.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [focusKey]);

  const showErrors = (next: Record<string, string>, firstKey: string) => {
    setErrors(next);
    setTab(sectionOf(firstKey));
    setFocusKey({ key: firstKey });
  };

  const save = async () => {
    if (saving || readOnly) return;
    setGeneral(undefined);
    const issues = validateDraft(draft, currentLanguage());
    if (issues.length > 0) {
      const next: Record<string, string> = {};
      for (const issue of issues) if (!(issue.key in next)) next[issue.key] = issue.message;
      const first = issues[0]!;
      showErrors(next, first.key);
      toaster.create({
        type: 'error',
        title: t('form.invalid', { count: Object.keys(next).length }),
        description: next[first.key],
        duration: 4000,
        closable: true,
      });
      return;
    }
    const { input, origins } = draftToInput(draft);
    setSaving(true);
    try {
      const envelope = target.mode === 'edit' ? await editRateCard({ ...input, id: target.id }) : await addRateCard(input);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved(envelope.result);
    } catch (failure) {
      const { message, field } = serverFailure(failure);
      const located = field ? locateServerField(field, draft, origins) : undefined;
      if (located) showErrors({ [located.key]: message }, located.key);
      else {
        setErrors({});
        setGeneral(message);
      }
      toaster.create({ type: 'error', title: t('form.saveFailed'), description: message, duration: 5000, closable: true });
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
    }
  };

  const counts = countBySection(errors);
  const cells = priceCount(draft);
  const title =
    target.mode === 'add'
      ? t('form.addTitle')
      : target.mode === 'version'
        ? t('form.versionTitle', { code: detail?.code ?? '' })
        : readOnly
          ? t('form.viewTitle', { code: detail?.code ?? '', date: detail?.effectiveFrom ?? '' })
          : t('form.editTitle', { code: detail?.code ?? '', date: detail?.effectiveFrom ?? '' });
  const tabLabel: Record<Section, string> = {
    basics: t('section.basics'),
    zones: t('tabs.zones', { count: draft.zones.length }),
    prices: t('tabs.prices', { rows: draft.brackets.length, cells }),
    surcharges: t('tabs.surcharges', { count: draft.surcharges.length }),
  };

  return (
    <Flex direction="column" height="full" minHeight="0" onKeyDown={onKeyDown}>
      <Drawer.Header borderBottomWidth="1px" paddingEnd="12">
        <Stack gap="1" minWidth="0">
          <HStack gap="2" wrap="wrap">
            {/* Not the recipe's flex 1: the state tag follows the title, not the width of the line below. */}
            <Drawer.Title truncate flex="0 1 auto">
              {title}
            </Drawer.Title>
            {target.mode === 'edit' && detail ? <RateCardStateTag state={detail.state} /> : null}
            {target.mode === 'version' ? (
              <Badge size="sm" variant="subtle" colorPalette="blue">
                {t('form.newVersionBadge')}
              </Badge>
            ) : null}
          </HStack>
          {target.mode === 'version' && detail ? (
            <Text textStyle="sm" color="fg.muted">
              {t('form.versionHint', { date: detail.effectiveFrom })}
            </Text>
          ) : target.mode === 'edit' && detail && (detail.productCount ?? 0) > 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t('form.usedBy', { count: detail.productCount ?? 0 })}
            </Text>
          ) : null}
        </Stack>
      </Drawer.Header>
      <Drawer.Body ref={bodyRef} minWidth="0" paddingTop="3">
        <Stack gap="4" minWidth="0">
          {general ? (
            <Alert.Root status="error" size="sm" role="alert" data-testid="rate-card-form-error">
              <Alert.Indicator />
              <Alert.Title>{general}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as Section)} size="sm" variant="line" lazyMount unmountOnExit>
            <Tabs.List overflowX="auto" overflowY="hidden" marginBottom="4" position="sticky" top="0" zIndex="4" bg="bg">
              {SECTIONS.map((section) => (
                <Tabs.Trigger key={section} value={section} flexShrink={0} data-testid={`rate-card-tab-${section}`}>
                  {tabLabel[section]}
                  {counts[section] > 0 ? (
                    <Badge size="xs" colorPalette="red" variant="solid" rounded="full" aria-label={t('tabs.errors', { count: counts[section] })}>
                      {counts[section]}
                    </Badge>
                  ) : null}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="basics">
              <BasicsSection draft={draft} rounding={draft.rounding} errors={errors} edit={edit} codeLocked={target.mode === 'version'} readOnly={readOnly} />
            </Tabs.Content>
            <Tabs.Content value="zones">
              <ZonesSection partitionId={draft.partitionId} zones={draft.zones} brackets={draft.brackets} errors={errors} edit={edit} readOnly={readOnly} />
            </Tabs.Content>
            <Tabs.Content value="prices" minWidth="0">
              <PriceMatrix
                zones={draft.zones}
                brackets={draft.brackets}
                currency={draft.currency}
                errors={errors}
                edit={edit}
                readOnly={readOnly}
                onGoToZones={() => setTab('zones')}
              />
            </Tabs.Content>
            <Tabs.Content value="surcharges">
              <SurchargesSection surcharges={draft.surcharges} currency={draft.currency} errors={errors} edit={edit} readOnly={readOnly} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px" gap="2">
        {dirty && !readOnly ? (
          <Text textStyle="sm" color="fg.muted" marginEnd="auto" hideBelow="sm" data-testid="rate-card-unsaved">
            {t('form.unsaved')}
          </Text>
        ) : null}
        {readOnly ? (
          <Button size="sm" onClick={onCancel}>
            {t('action.close', { ns: 'dataTable' })}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={onCancel} disabled={saving} data-testid="rate-card-cancel">
              {t('action.cancel', { ns: 'dataTable' })}
            </Button>
            <Button size="sm" onClick={() => void save()} loading={saving} title={t('form.saveShortcut')} data-testid="rate-card-save">
              {t('action.save', { ns: 'dataTable' })}
            </Button>
          </>
        )}
      </Drawer.Footer>
    </Flex>
  );
}
