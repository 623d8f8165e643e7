import { Badge, Box, Button, Grid, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { FormField } from '../../../components/form/FormField';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { Link as RouterLink } from 'react-router';
import { partitionLabel, usePartitions } from '../partitions/api';
import { RemoveButton } from '../../../components/form/RowsEditor';
import { MapPinIcon, PlusIcon } from '../../../components/icons';
import { EditorRow, EditorSection, SectionEmpty } from './EditorSection';
import type { EditDraft, Errors } from './editing';
import { droppedCells, emptyZone, errorKeys, pricedCells, removeZone, withPartition, type BracketDraft, type ZoneDraft } from './model';
import { TagListInput } from './TagListInput';

interface ZonesSectionProps {
  /** The partition the card prices ('' : zones of its own). */
  partitionId: string;
  zones: ZoneDraft[];
  brackets: BracketDraft[];
  errors: Errors;
  edit: EditDraft;
  readOnly: boolean;
}

/** The card's zones: a code, the countries it covers and, optionally, postal-code prefixes. */
export const ZonesSection = memo(function ZonesSection({ partitionId, zones, brackets, errors, edit, readOnly: locked }: ZonesSectionProps) {
  const { t } = useTranslation('rateCard');
  const { confirm, dialog } = useConfirm();
  // A partition's zones are edited on the partitions page (every card using it changes).
  const readOnly = locked || partitionId !== '';

  const update = (key: string, patch: Partial<ZoneDraft>, field: 'code' | 'countries' | 'postalPrefixes') =>
    edit((current) => ({ ...current, zones: current.zones.map((zone) => (zone.key === key ? { ...zone, ...patch } : zone)) }), [errorKeys.zone(key, field), 'zones']);

  /** A zone's countries or postal prefixes, as tags. */
  const tags = (zone: ZoneDraft, field: 'countries' | 'postalPrefixes', key: string) => (
    <TagListInput
      kind={field === 'countries' ? 'country' : 'postal'}
      value={zone[field]}
      onChange={(value) => update(zone.key, { [field]: value }, field)}
      label={t(`zones.${field}Label`, { code: zone.code })}
      placeholder={t(`zones.${field}Placeholder`)}
      invalid={!!errors[key]}
      readOnly={readOnly}
      errorKey={key}
      testId={field === 'countries' ? 'rate-card-zone-countries' : 'rate-card-zone-prefixes'}
    />
  );

  const add = () => {
    const zone = emptyZone(`Z${zones.length + 1}`);
    edit((current) => ({ ...current, zones: [...current.zones, zone] }), ['zones']);
    // The new row's code field, once drawn.
    window.requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-error-key="${errorKeys.zone(zone.key, 'code')}"]`)?.select());
  };

  const remove = (zone: ZoneDraft) => {
    const drop = () => edit((current) => removeZone(current, zone.key), [errorKeys.zone(zone.key), 'zones']);
    const priced = pricedCells(brackets, zone.key);
    if (priced === 0) {
      drop();
      return;
    }
    confirm({
      title: t('zones.removeTitle', { code: zone.code || '—' }),
      description: t('zones.removeDescription', { count: priced }),
      testId: 'rate-card-zone-remove-confirm',
      onConfirm: drop,
    });
  };

  const addButton = (variant: 'outline' | 'solid') => (
    <Button size={variant === 'outline' ? 'xs' : 'sm'} variant={variant} onClick={add} data-testid={variant === 'outline' ? 'rate-card-zone-add' : undefined}>
      <PlusIcon />
      {t('zones.add')}
    </Button>
  );

  return (
    <EditorSection title={t('section.zones')} hint={t('zones.hint')} errorKey="zones" error={errors.zones} actions={!readOnly ? addButton('outline') : null}>
      <PartitionPicker partitionId={partitionId} zones={zones} brackets={brackets} edit={edit} readOnly={locked} error={errors.partitionId} />
      {zones.length === 0 ? (
        <SectionEmpty icon={<MapPinIcon />} title={t('zones.emptyTitle')} description={t('zones.emptyDescription')} data-testid="rate-card-zones-empty">
          {!readOnly ? addButton('solid') : null}
        </SectionEmpty>
      ) : (
        <Stack gap="3">
          {zones.map((zone, index) => {
            const codeKey = errorKeys.zone(zone.key, 'code');
            const countriesKey = errorKeys.zone(zone.key, 'countries');
            const prefixesKey = errorKeys.zone(zone.key, 'postalPrefixes');
            const priced = pricedCells(brackets, zone.key);
            return (
              <EditorRow key={zone.key} error={errors[errorKeys.zone(zone.key)]} data-testid="rate-card-zone-row">
                <Grid templateColumns={{ base: 'minmax(0, 1fr) auto', md: '9rem minmax(0, 1fr) minmax(0, 1fr) auto' }} gap="3" alignItems="start">
                  <FormField label={t('zones.code')} required readOnly={readOnly} gridColumn="1" gridRow="1" error={errors[codeKey]}
                    helper={
                      <Badge size="xs" variant="subtle" colorPalette={priced > 0 ? 'blue' : 'gray'}>
                        {t('zones.priced', { count: priced })}
                      </Badge>
                    }
                  >
                    <Input
                      size="sm"
                      fontFamily="mono"
                      autoComplete="off"
                      maxLength={32}
                      value={zone.code}
                      onChange={(event) => update(zone.key, { code: event.currentTarget.value }, 'code')}
                      data-error-key={codeKey}
                      data-testid="rate-card-zone-code"
                    />
                  </FormField>
                  <Box gridColumn={{ base: '2', md: '4' }} gridRow="1" paddingTop="6">
                    {!readOnly ? <RemoveButton size="sm" label={t('zones.remove', { code: zone.code || index + 1 })} onClick={() => remove(zone)} testId="rate-card-zone-remove" /> : null}
                  </Box>
                  <FormField label={t('zones.countries')} required error={errors[countriesKey]} gridColumn={{ base: '1 / -1', md: '2' }} gridRow={{ base: '2', md: '1' }}>
                    {tags(zone, 'countries', countriesKey)}
                  </FormField>
                  <FormField label={t('zones.postalPrefixes')} error={errors[prefixesKey]} helper={t('zones.postalPrefixesHint')} gridColumn={{ base: '1 / -1', md: '3' }} gridRow={{ base: '3', md: '1' }}>
                    {tags(zone, 'postalPrefixes', prefixesKey)}
                  </FormField>
                </Grid>
              </EditorRow>
            );
          })}
        </Stack>
      )}
      {dialog}
    </EditorSection>
  );
});

/**
 * Which zones the card prices: a partition's (shared, read-only here, edited on the partitions
 * page) or its own (saved as a partition: the tenant's one with exactly these zones, else a new
 * one named after the card). Picking a partition keeps each column of prices on the zone of the
 * same code; prices of zones the partition lacks go, after a confirmation.
 */
function PartitionPicker({ partitionId, zones, brackets, edit, readOnly, error }: { partitionId: string; zones: ZoneDraft[]; brackets: BracketDraft[]; edit: EditDraft; readOnly: boolean; error?: string }) {
  const { t, i18n } = useTranslation('rateCard');
  const { confirm, dialog } = useConfirm();
  const partitions = usePartitions();
  const records = partitions.data ?? [];
  const chosen = records.find((p) => p.id === partitionId);
  const options = [{ value: '', label: t('zones.ownZones') }, ...records.map((p) => ({ value: p.id, label: `${partitionLabel(p, i18n.language)} (${t('zones.partitionZones', { count: p.zoneCount })})` }))];
  const pick = (id: string) => {
    if (id === '') {
      edit((current) => ({ ...current, partitionId: '' }), ['partitionId']);
      return;
    }
    const partition = records.find((p) => p.id === id);
    if (!partition) return;
    const apply = () => edit((current) => withPartition(current, id, partition.zones), ['partitionId', 'zones']);
    const dropped = droppedCells({ zones, brackets }, partition.zones);
    if (dropped === 0) {
      apply();
      return;
    }
    confirm({
      title: t('zones.pickTitle', { code: partition.code }),
      description: t('zones.pickDescription', { count: dropped }),
      testId: 'rate-card-partition-confirm',
      onConfirm: apply,
    });
  };
  return (
    <Box marginBottom="3">
      <FormField label={t('zones.partition')} error={error} helper={partitionId ? t('zones.partitionHint', { code: chosen?.code ?? '' }) : t('zones.ownZonesHint')} readOnly={readOnly}>
        <HStack gap="2" width="full" align="center">
          <OptionSelect
            options={options}
            value={partitionId}
            onChange={(event) => pick(event.currentTarget.value)}
            loading={partitions.isLoading}
            disabled={readOnly}
            aria-label={t('zones.partition')}
            data-error-key="partitionId"
            data-testid="rate-card-partition"
          />
          {partitionId ? (
            <Link asChild textStyle="sm" whiteSpace="nowrap" color="fg.info">
              <RouterLink to="/carrier/partition" data-testid="rate-card-partition-link">
                {t('zones.partitionEdit')}
              </RouterLink>
            </Link>
          ) : null}
        </HStack>
      </FormField>
      {dialog}
    </Box>
  );
}
