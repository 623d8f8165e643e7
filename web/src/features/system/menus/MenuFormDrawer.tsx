import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, SelectField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDrawer, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { optionalInteger, requiredText } from '../../../components/form/rules';
import { orNull } from '../../../components/form/serverError';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { nulls, optionalTexts, textValues } from '../../../components/form/values';
import { MenuItemIcon } from '../../../components/MenuIcon';
import { useLanguage } from '../../../i18n';
import { addPermission, editPermission, type MenuType, type PermissionInput, type PermissionRecord } from './api';
import { asFlag, menuName, parentOptions } from './menuTree';

type MenuTypeValue = '0' | '1' | '2';

/** Texts and switches only menus and sub-menus have (a button sends them empty). */
const ROUTE_TEXTS = ['url', 'component', 'componentName', 'redirect', 'icon'] as const;
const ROUTE_FLAGS = ['route', 'hidden', 'keepAlive', 'alwaysShow', 'internalOrExternal'] as const;

type MenuFormValues = Record<'name' | 'nameEn' | 'parentId' | 'sortNo' | 'perms' | (typeof ROUTE_TEXTS)[number], string> &
  Record<'status' | 'platformOnly' | (typeof ROUTE_FLAGS)[number], boolean> & { menuType: MenuTypeValue; permsType: '1' | '2' };

/** What the drawer edits: a new top-level item, a new child of `parent`, or `record`. */
export type MenuFormTarget = { kind: 'add'; parent?: PermissionRecord } | { kind: 'edit'; record: PermissionRecord };

const MENU_TYPES: MenuTypeValue[] = ['0', '1', '2'];
/** The component of a top-level menu that only groups its children. */
const ROUTE_VIEW = 'layouts/RouteView';
const flags = (value: (flag: (typeof ROUTE_FLAGS)[number]) => boolean) => Object.fromEntries(ROUTE_FLAGS.map((flag) => [flag, value(flag)])) as Record<(typeof ROUTE_FLAGS)[number], boolean>;

function defaults(target: MenuFormTarget | undefined): MenuFormValues {
  if (target?.kind === 'edit') {
    const r = target.record;
    return {
      ...textValues(r, ['name', 'nameEn', 'parentId', 'perms', ...ROUTE_TEXTS]),
      ...flags((flag) => asFlag(r[flag], flag === 'route')),
      menuType: String(r.menuType ?? 0) as MenuTypeValue,
      sortNo: r.sortNo === null || r.sortNo === undefined ? '' : String(r.sortNo),
      permsType: r.permsType === '2' ? '2' : '1',
      status: r.status === undefined || r.status === null ? true : String(r.status) === '1',
      platformOnly: asFlag(r.platformOnly),
    };
  }
  const parent = target?.parent;
  return {
    ...textValues(undefined, ['name', 'nameEn', 'perms', ...ROUTE_TEXTS]),
    ...flags((flag) => flag === 'route'),
    // Under a sub-menu the usual child is a button; under a top-level menu, a sub-menu.
    menuType: parent ? (Number(parent.menuType) === 1 ? '2' : '1') : '0',
    parentId: parent?.id ?? '',
    component: parent ? '' : ROUTE_VIEW,
    sortNo: '1',
    permsType: '1',
    status: true,
    platformOnly: asFlag(parent?.platformOnly),
  };
}

/** The request body for the form's values: fields a type does not use are sent empty. */
function toPermissionInput(values: MenuFormValues, id?: string): PermissionInput {
  const type = Number(values.menuType) as MenuType;
  const isButton = type === 2;
  return {
    ...(id ? { id } : {}),
    ...(isButton ? nulls(ROUTE_TEXTS) : optionalTexts(values, ROUTE_TEXTS)),
    ...flags((flag) => !isButton && values[flag]),
    menuType: type,
    name: values.name.trim(),
    nameEn: values.nameEn.trim(),
    parentId: type === 0 ? null : values.parentId || null,
    sortNo: values.sortNo.trim() === '' ? 0 : Number(values.sortNo),
    perms: type === 0 ? null : orNull(values.perms),
    permsType: values.permsType,
    status: values.status ? '1' : '0',
    platformOnly: values.platformOnly,
  };
}

/**
 * Add or edit a menu, sub-menu or button (`target`); the fields follow the chosen type. `tree` is
 * the whole menu tree (the parent picker).
 */
export function MenuFormDrawer({ target, tree, ...drawer }: FormOpenProps & { target: MenuFormTarget | undefined; tree: PermissionRecord[]; onSaved: () => void }) {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  const editingId = target?.kind === 'edit' ? target.record.id : undefined;
  const title =
    target?.kind === 'edit'
      ? t('form.editTitle', { name: menuName(target.record, language) })
      : target?.parent
        ? t('form.addChildTitle', { parent: menuName(target.parent, language) })
        : t('form.addTitle');
  return (
    <RecordFormDrawer<MenuFormValues>
      {...drawer} testId="menu-form"
      size={{ base: 'full', md: 'md' }}
      title={title}
      defaultValues={() => defaults(target)}
      save={(values) => (editingId ? editPermission({ ...toPermissionInput(values, editingId), id: editingId }) : addPermission(toPermissionInput(values)))}
    >
      <MenuFields tree={tree} editingId={editingId} />
    </RecordFormDrawer>
  );
}

function MenuFields({ tree, editingId }: { tree: PermissionRecord[]; editingId: string | undefined }) {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  const { control, setValue } = useFormContext<MenuFormValues>();
  const permsUnique = useDuplicateCheck('sys_permission', 'perms', editingId);
  const permsRule = useRuleCheck('perms_code');
  const urlUnique = useDuplicateCheck('sys_permission', 'url', editingId);

  const [menuType, icon] = useWatch({ control, name: ['menuType', 'icon'] });
  const isButton = menuType === '2';
  const isTop = menuType === '0';
  const options = useMemo(() => parentOptions(tree, language, editingId), [tree, language, editingId]);
  // A rule of a field the chosen type does not have passes.
  const unlessType = (types: MenuTypeValue[], rule: (value: string) => true | string | Promise<true | string>) => (value: string, values: MenuFormValues) =>
    types.includes(values.menuType) ? true : rule(value);

  return (
    <>
      <RadioField<MenuFormValues> name="menuType" label={t('form.menuType')} testId="menu-type" options={MENU_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
        onValueChange={(next) => {
          if (next === '0') setValue('parentId', '');
        }}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<MenuFormValues> name="name" label={t('form.name')} required testId="menu-name" rules={{ validate: requiredText(t('form.nameRequired')) }} />
        <TextField<MenuFormValues> name="nameEn" label={t('form.nameEn')} required testId="menu-name-en" rules={{ validate: requiredText(t('form.nameEnRequired')) }} />
      </SimpleGrid>
      {!isTop ? (
        <SelectField<MenuFormValues> name="parentId" label={t('form.parent')} required testId="menu-parent" placeholder={t('form.parentNone')}
          options={options.map((option) => ({ value: option.id, label: `${'\u00A0\u00A0'.repeat(option.depth)}${option.depth > 0 ? '└ ' : ''}${option.label}` }))}
          rules={{ validate: unlessType(['0'], requiredText(t('form.parentRequired'))) }} />
      ) : null}
      {!isButton ? (
        <>
          <TextField<MenuFormValues> name="url" label={t('form.url')} required helper={t('form.urlHint')} testId="menu-url"
            rules={{ validate: { required: unlessType(['2'], requiredText(t('form.urlRequired'))), unique: unlessType(['2'], urlUnique) } }} />
          <TextField<MenuFormValues> name="component" label={t('form.component')} required helper={t('form.componentHint')} testId="menu-component"
            rules={{ validate: unlessType(['2'], requiredText(t('form.componentRequired'))) }} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField<MenuFormValues> name="componentName" label={t('form.componentName')} testId="menu-component-name" />
            <TextField<MenuFormValues> name="redirect" label={t('form.redirect')} testId="menu-redirect" />
          </SimpleGrid>
          <TextField<MenuFormValues> name="icon" label={t('form.icon')} helper={t('form.iconHint')} startElement={<MenuItemIcon name={icon} fallback={false} />} testId="menu-icon" />
        </>
      ) : null}
      {!isTop ? (
        <TextField<MenuFormValues> name="perms" label={t('form.perms')} required={isButton} helper={t('form.permsHint')} fontFamily="mono" testId="menu-perms"
          rules={{
            validate: {
              required: unlessType(['0', '1'], requiredText(t('form.permsRequired'))),
              rule: unlessType(['0'], permsRule),
              unique: unlessType(['0'], permsUnique),
            },
          }}
        />
      ) : null}
      {isButton ? (
        <SelectField<MenuFormValues> name="permsType" label={t('form.permsType')} testId="menu-perms-type"
          options={(['1', '2'] as const).map((type) => ({ value: type, label: t(`permsType.${type}`) }))} />
      ) : null}
      <TextField<MenuFormValues> name="sortNo" label={t('form.sortNo')} inputMode="numeric" maxWidth="40" testId="menu-sort" rules={{ validate: optionalInteger(t('form.sortNoInvalid')) }} />
      <Fieldset.Root>
        <Fieldset.Legend textStyle="sm" fontWeight="medium">
          {t('form.display')}
        </Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" paddingTop="2">
          {isButton ? (
            <FormSwitch<MenuFormValues> name="status" label={t('form.status')} testId="menu-status" />
          ) : (
            <>
              <FormSwitch<MenuFormValues> name="route" label={t('form.route')} testId="menu-route" />
              <FormSwitch<MenuFormValues> name="hidden" label={t('form.hidden')} testId="menu-hidden" />
              <FormSwitch<MenuFormValues> name="keepAlive" label={t('form.keepAlive')} testId="menu-keep-alive" />
              <FormSwitch<MenuFormValues> name="alwaysShow" label={t('form.alwaysShow')} testId="menu-always-show" />
              <FormSwitch<MenuFormValues> name="internalOrExternal" label={t('form.internalOrExternal')} testId="menu-external" />
            </>
          )}
          <FormSwitch<MenuFormValues> name="platformOnly" label={t('form.platformOnly')} helper={t('form.platformOnlyHint')} testId="menu-platform-only" />
        </SimpleGrid>
      </Fieldset.Root>
    </>
  );
}
