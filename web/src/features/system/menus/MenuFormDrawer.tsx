import {
  Button,
  CloseButton,
  Drawer,
  Field,
  Fieldset,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  RadioGroup,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { MenuItemIcon } from '../../../components/MenuIcon';
import { toaster } from '../../../components/ui/toaster';
import { checkRule } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage, useLanguage } from '../../../i18n';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { addPermission, editPermission, type MenuType, type PermissionInput, type PermissionRecord } from './api';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { asFlag, menuName, parentOptions } from './menuTree';

type MenuTypeValue = '0' | '1' | '2';

export interface MenuFormValues {
  menuType: MenuTypeValue;
  name: string;
  nameEn: string;
  parentId: string;
  url: string;
  component: string;
  componentName: string;
  redirect: string;
  icon: string;
  sortNo: string;
  route: boolean;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  perms: string;
  permsType: '1' | '2';
  status: boolean;
  platformOnly: boolean;
}

/** What the drawer edits: a new top-level item, a new child of `parent`, or `record`. */
export type MenuFormTarget = { kind: 'add'; parent?: PermissionRecord } | { kind: 'edit'; record: PermissionRecord };

const MENU_TYPES: MenuTypeValue[] = ['0', '1', '2'];
/** The component of a top-level menu that only groups its children. */
const ROUTE_VIEW = 'layouts/RouteView';

const text = (value: string | null | undefined) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function defaults(target: MenuFormTarget | undefined): MenuFormValues {
  if (target?.kind === 'edit') {
    const r = target.record;
    return {
      menuType: String(r.menuType ?? 0) as MenuTypeValue,
      name: text(r.name),
      nameEn: text(r.nameEn),
      parentId: text(r.parentId),
      url: text(r.url),
      component: text(r.component),
      componentName: text(r.componentName),
      redirect: text(r.redirect),
      icon: text(r.icon),
      sortNo: r.sortNo === null || r.sortNo === undefined ? '' : String(r.sortNo),
      route: asFlag(r.route, true),
      hidden: asFlag(r.hidden),
      keepAlive: asFlag(r.keepAlive),
      alwaysShow: asFlag(r.alwaysShow),
      internalOrExternal: asFlag(r.internalOrExternal),
      perms: text(r.perms),
      permsType: r.permsType === '2' ? '2' : '1',
      status: r.status === undefined || r.status === null ? true : String(r.status) === '1',
      platformOnly: asFlag(r.platformOnly),
    };
  }
  const parent = target?.parent;
  return {
    // Under a sub-menu the usual child is a button; under a top-level menu, a sub-menu.
    menuType: parent ? (Number(parent.menuType) === 1 ? '2' : '1') : '0',
    name: '',
    nameEn: '',
    parentId: parent?.id ?? '',
    url: '',
    component: parent ? '' : ROUTE_VIEW,
    componentName: '',
    redirect: '',
    icon: '',
    sortNo: '1',
    route: true,
    hidden: false,
    keepAlive: false,
    alwaysShow: false,
    internalOrExternal: false,
    perms: '',
    permsType: '1',
    status: true,
    platformOnly: asFlag(parent?.platformOnly),
  };
}

/** The request body for the form's values: fields a type does not use are sent empty. */
export function toPermissionInput(values: MenuFormValues, id?: string): PermissionInput {
  const type = Number(values.menuType) as MenuType;
  const isButton = type === 2;
  return {
    ...(id ? { id } : {}),
    menuType: type,
    name: values.name.trim(),
    nameEn: values.nameEn.trim(),
    parentId: type === 0 ? null : values.parentId || null,
    url: isButton ? null : orNull(values.url),
    component: isButton ? null : orNull(values.component),
    componentName: isButton ? null : orNull(values.componentName),
    redirect: isButton ? null : orNull(values.redirect),
    icon: isButton ? null : orNull(values.icon),
    sortNo: values.sortNo.trim() === '' ? 0 : Number(values.sortNo),
    route: isButton ? false : values.route,
    hidden: isButton ? false : values.hidden,
    keepAlive: isButton ? false : values.keepAlive,
    alwaysShow: isButton ? false : values.alwaysShow,
    internalOrExternal: isButton ? false : values.internalOrExternal,
    perms: type === 0 ? null : orNull(values.perms),
    permsType: values.permsType,
    status: values.status ? '1' : '0',
    platformOnly: values.platformOnly,
  };
}

export interface MenuFormDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: MenuFormTarget | undefined;
  /** The whole menu tree (parent picker). */
  tree: PermissionRecord[];
  onSaved: () => void;
}

/** Add or edit a menu, sub-menu or button; the fields follow the chosen type. */
export function MenuFormDrawer({ open, onOpenChange, target, tree, onSaved }: MenuFormDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size={{ base: 'full', md: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="menu-form">
            {/* Mounted on each opening, so the form starts from the target's values. */}
            <MenuForm target={target} tree={tree} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function MenuForm({ target, tree, onSaved, onClose }: { target: MenuFormTarget | undefined; tree: PermissionRecord[]; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  const form = useForm<MenuFormValues>({ mode: 'onTouched', defaultValues: defaults(target) });
  const { register, control, handleSubmit, formState, setValue } = form;
  const [serverError, setServerError] = useState<string>();
  const editingId = target?.kind === 'edit' ? target.record.id : undefined;
  useRevalidateOnLanguageChange(form);

  const permsUnique = useDuplicateCheck('sys_permission', 'perms', editingId);
  const permsRule = useRuleCheck('perms_code');
  const urlUnique = useDuplicateCheck('sys_permission', 'url', editingId);

  const [menuType, icon] = useWatch({ control, name: ['menuType', 'icon'] });
  const isButton = menuType === '2';
  const isTop = menuType === '0';
  const options = useMemo(() => parentOptions(tree, language, editingId), [tree, language, editingId]);

  const title =
    target?.kind === 'edit'
      ? t('form.editTitle', { name: menuName(target.record, language) })
      : target?.parent
        ? t('form.addChildTitle', { parent: menuName(target.parent, language) })
        : t('form.addTitle');

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const body = toPermissionInput(values, editingId);
      const envelope = editingId ? await editPermission({ ...body, id: editingId }) : await addPermission(body);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onClose();
    } catch (failure) {
      setServerError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  const err = formState.errors;

  return (
    <>
      <Drawer.Header>
        <Drawer.Title>{title}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        <form id="menu-form" noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="4">
            <ErrorAlert message={serverError} testId="menu-form-error" />
            <Controller
              control={control}
              name="menuType"
              render={({ field }) => (
                <Fieldset.Root>
                  <Fieldset.Legend textStyle="sm" fontWeight="medium">
                    {t('form.menuType')}
                  </Fieldset.Legend>
                  <RadioGroup.Root
                    size="sm"
                    name={field.name}
                    value={field.value}
                    onValueChange={(details) => {
                      const next = (details.value ?? '0') as MenuTypeValue;
                      field.onChange(next);
                      if (next === '0') setValue('parentId', '');
                    }}
                  >
                    <HStack gap="4" wrap="wrap">
                      {MENU_TYPES.map((type) => (
                        <RadioGroup.Item key={type} value={type} data-testid={`menu-type-${type}`}>
                          <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{t(`type.${type}`)}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </HStack>
                  </RadioGroup.Root>
                </Fieldset.Root>
              )}
            />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root invalid={!!err.name} required>
                <Field.Label>
                  {t('form.name')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input size="sm" data-testid="menu-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
                <Field.ErrorText>{err.name?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!err.nameEn} required>
                <Field.Label>
                  {t('form.nameEn')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input size="sm" data-testid="menu-name-en" {...register('nameEn', { validate: (v) => (v.trim() ? true : t('form.nameEnRequired')) })} />
                <Field.ErrorText>{err.nameEn?.message}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            {!isTop ? (
              <Field.Root invalid={!!err.parentId} required>
                <Field.Label>
                  {t('form.parent')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    data-testid="menu-parent"
                    {...register('parentId', { validate: (v, values) => (values.menuType === '0' || v ? true : t('form.parentRequired')) })}
                  >
                    <option value="">{t('form.parentNone')}</option>
                    {options.map((option) => (
                      <option key={option.id} value={option.id}>
                        {`${'\u00A0\u00A0'.repeat(option.depth)}${option.depth > 0 ? '└ ' : ''}${option.label}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{err.parentId?.message}</Field.ErrorText>
              </Field.Root>
            ) : null}
            {!isButton ? (
              <>
                <Field.Root invalid={!!err.url} required>
                  <Field.Label>
                    {t('form.url')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    size="sm"
                    data-testid="menu-url"
                    {...register('url', {
                      validate: {
                        required: (v, values) => (values.menuType === '2' || v.trim() ? true : t('form.urlRequired')),
                        unique: (v, values) => (values.menuType === '2' ? true : urlUnique(v)),
                      },
                    })}
                  />
                  {err.url ? <Field.ErrorText>{err.url.message}</Field.ErrorText> : <Field.HelperText>{t('form.urlHint')}</Field.HelperText>}
                </Field.Root>
                <Field.Root invalid={!!err.component} required>
                  <Field.Label>
                    {t('form.component')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    size="sm"
                    data-testid="menu-component"
                    {...register('component', { validate: (v, values) => (values.menuType === '2' || v.trim() ? true : t('form.componentRequired')) })}
                  />
                  {err.component ? (
                    <Field.ErrorText>{err.component.message}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{t('form.componentHint')}</Field.HelperText>
                  )}
                </Field.Root>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <Field.Root>
                    <Field.Label>{t('form.componentName')}</Field.Label>
                    <Input size="sm" data-testid="menu-component-name" {...register('componentName')} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('form.redirect')}</Field.Label>
                    <Input size="sm" data-testid="menu-redirect" {...register('redirect')} />
                  </Field.Root>
                </SimpleGrid>
                <Field.Root>
                  <Field.Label>{t('form.icon')}</Field.Label>
                  <InputGroup startElement={<MenuItemIcon name={icon} fallback={false} />}>
                    <Input size="sm" data-testid="menu-icon" {...register('icon')} />
                  </InputGroup>
                  <Field.HelperText>{t('form.iconHint')}</Field.HelperText>
                </Field.Root>
              </>
            ) : null}
            {!isTop ? (
              <Field.Root invalid={!!err.perms} required={isButton}>
                <Field.Label>
                  {t('form.perms')}
                  {isButton ? <Field.RequiredIndicator /> : null}
                </Field.Label>
                <Input
                  size="sm"
                  fontFamily="mono"
                  data-testid="menu-perms"
                  {...register('perms', {
                    validate: {
                      required: (v, values) => (values.menuType !== '2' || v.trim() ? true : t('form.permsRequired')),
                      rule: (v, values) => (values.menuType === '0' ? true : (checkRule('perms_code', v.trim(), currentLanguage()) ?? true)),
                      ruleServer: (v, values) => (values.menuType === '0' ? true : permsRule(v)),
                      unique: (v, values) => (values.menuType === '0' ? true : permsUnique(v)),
                    },
                  })}
                />
                {err.perms ? <Field.ErrorText>{err.perms.message}</Field.ErrorText> : <Field.HelperText>{t('form.permsHint')}</Field.HelperText>}
              </Field.Root>
            ) : null}
            {isButton ? (
              <Field.Root>
                <Field.Label>{t('form.permsType')}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field data-testid="menu-perms-type" {...register('permsType')}>
                    <option value="1">{t('permsType.1')}</option>
                    <option value="2">{t('permsType.2')}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ) : null}
            <Field.Root invalid={!!err.sortNo}>
              <Field.Label>{t('form.sortNo')}</Field.Label>
              <Input
                size="sm"
                inputMode="numeric"
                maxWidth="40"
                data-testid="menu-sort"
                {...register('sortNo', { validate: (v) => (v.trim() === '' || /^-?\d+$/.test(v.trim()) ? true : t('form.sortNoInvalid')) })}
              />
              <Field.ErrorText>{err.sortNo?.message}</Field.ErrorText>
            </Field.Root>
            <Fieldset.Root>
              <Fieldset.Legend textStyle="sm" fontWeight="medium">
                {t('form.display')}
              </Fieldset.Legend>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" paddingTop="2">
                {isButton ? (
                  <FormSwitch control={control} name="status" label={t('form.status')} testId="menu-status" />
                ) : (
                  <>
                    <FormSwitch control={control} name="route" label={t('form.route')} testId="menu-route" />
                    <FormSwitch control={control} name="hidden" label={t('form.hidden')} testId="menu-hidden" />
                    <FormSwitch control={control} name="keepAlive" label={t('form.keepAlive')} testId="menu-keep-alive" />
                    <FormSwitch control={control} name="alwaysShow" label={t('form.alwaysShow')} testId="menu-always-show" />
                    <FormSwitch control={control} name="internalOrExternal" label={t('form.internalOrExternal')} testId="menu-external" />
                  </>
                )}
                <FormSwitch control={control} name="platformOnly" label={t('form.platformOnly')} helper={t('form.platformOnlyHint')} testId="menu-platform-only" />
              </SimpleGrid>
            </Fieldset.Root>
          </Stack>
        </form>
      </Drawer.Body>
      <Drawer.Footer>
        <Drawer.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Drawer.ActionTrigger>
        <Button type="submit" form="menu-form" size="sm" loading={formState.isSubmitting} data-testid="menu-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Drawer.Footer>
    </>
  );
}
