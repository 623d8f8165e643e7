/**
 * A carrier and the depot where it collects, as a dispatch and a manifest name them: the carrier
 * first (a supplier), then a depot in use that it may collect from, the forwarder's own
 * warehouses and that carrier's hand-over points (the server refuses another carrier's). A
 * carrier changed afterwards clears a depot it may not use.
 */
import { useMemo } from 'react';
import { useFormContext, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';
import { SelectField } from '../../../components/form/fields';
import { requiredText } from '../../../components/form/rules';
import { depotLabel, usePlatformDepotOptions } from '../depots/api';
import { supplierLabel, useSupplierOptions } from '../suppliers/api';

/** A depot as the choice needs it. */
interface DepotLike {
  id: string;
  depotType: string;
  supplierId?: string | null;
  status: number;
}

/** Whether the carrier `supplierId` may be collected from `depot`: in use, and its own hand-over point or a warehouse. */
export const usableDepot = (depot: DepotLike, supplierId: string) => Number(depot.status) === 1 && (depot.depotType !== 'handover' || depot.supplierId === supplierId);

/** The carriers and depots to choose from; `depotsFor(supplierId)` the depots that carrier may use. */
export function useCarrierDepotChoices() {
  const suppliers = useSupplierOptions();
  const depots = usePlatformDepotOptions();
  return useMemo(
    () => ({
      carriers: (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) })),
      depots: (depots.data ?? []).map((depot) => ({ value: depot.id, label: depotLabel(depot) })),
      depotsFor: (supplierId: string) => (depots.data ?? []).filter((depot) => usableDepot(depot, supplierId)).map((depot) => ({ value: depot.id, label: depotLabel(depot) })),
      carriersLoading: suppliers.isPending,
      depotsLoading: depots.isPending,
    }),
    [suppliers.data, suppliers.isPending, depots.data, depots.isPending],
  );
}

export interface CarrierDepotTexts {
  carrier: string;
  carrierPlaceholder: string;
  carrierRequired: string;
  /** Under the carrier (e.g. why it cannot change). */
  carrierHint?: string;
  depot: string;
  depotPlaceholder: string;
  depotRequired: string;
  depotHint: string;
}

type Values = { supplierId: string; depotId: string };

/** The carrier and depot selects of a form whose values have `supplierId` and `depotId` (test ids `${testId}-carrier`, `-depot`). */
export function CarrierDepotFields<V extends FieldValues & Values>({ texts, testId, carrierFixed = false }: { texts: CarrierDepotTexts; testId: string; carrierFixed?: boolean }) {
  const { watch, getValues, setValue } = useFormContext<V>();
  const choices = useCarrierDepotChoices();
  const supplierId = watch('supplierId' as FieldPath<V>) as string;
  const depots = choices.depotsFor(supplierId);
  const carrierChanged = (next: string) => {
    const depotId = getValues('depotId' as FieldPath<V>) as string;
    if (depotId && !choices.depotsFor(next).some((depot) => depot.value === depotId)) {
      setValue('depotId' as FieldPath<V>, '' as PathValue<V, FieldPath<V>>, { shouldValidate: false });
    }
  };
  return (
    <>
      <SelectField<V>
        name={'supplierId' as FieldPath<V>}
        label={texts.carrier}
        required
        options={choices.carriers}
        placeholder={texts.carrierPlaceholder}
        emptySelectable={false}
        loading={choices.carriersLoading}
        disabled={carrierFixed}
        // Inside a field the select takes the field's state.
        root={{ disabled: carrierFixed }}
        helper={texts.carrierHint}
        onValueChange={carrierChanged}
        testId={`${testId}-carrier`}
        rules={{ validate: requiredText(texts.carrierRequired) }}
      />
      <SelectField<V>
        name={'depotId' as FieldPath<V>}
        label={texts.depot}
        required
        options={depots}
        placeholder={texts.depotPlaceholder}
        emptySelectable={false}
        loading={choices.depotsLoading}
        disabled={!supplierId}
        root={{ disabled: !supplierId }}
        helper={texts.depotHint}
        testId={`${testId}-depot`}
        rules={{ validate: requiredText(texts.depotRequired) }}
      />
    </>
  );
}
