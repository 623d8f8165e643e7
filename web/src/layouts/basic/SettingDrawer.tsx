import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  Grid,
  Heading,
  HStack,
  Portal,
  SegmentGroup,
  Separator,
  Stack,
  Switch,
  Text,
  Tooltip,
  chakra,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/icons';
import { THEME_COLORS, resetSettings, updateSettings, useSettings, type LayoutSettings } from '../../lib/settings';

const Choice = chakra('button', {
  base: {
    position: 'relative',
    width: '14',
    height: '11',
    rounded: 'md',
    overflow: 'hidden',
    cursor: 'pointer',
    borderWidth: '2px',
    borderColor: 'transparent',
    shadow: 'sm',
    outline: 'none',
    _focusVisible: { boxShadow: '0 0 0 2px {colors.colorPalette.focusRing}' },
  },
});

/** A small picture of a layout: where the menu sits and what colour it has. */
function LayoutPicture({ side, dark, selected, label, onClick, testId }: {
  side: boolean;
  dark: boolean;
  selected: boolean;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip.Root openDelay={200}>
      <Tooltip.Trigger asChild>
        <Choice aria-label={label} aria-pressed={selected} onClick={onClick} borderColor={selected ? 'colorPalette.solid' : 'transparent'} data-testid={testId} bg="gray.100">
          {side ? (
            <>
              <Box position="absolute" insetY="0" insetStart="0" w="30%" bg={dark ? 'menuDark.bg' : 'white'} />
              <Box position="absolute" top="0" insetEnd="0" w="70%" h="25%" bg="white" />
            </>
          ) : (
            <Box position="absolute" top="0" insetX="0" h="25%" bg={dark ? 'menuDark.bg' : 'white'} />
          )}
          {selected ? (
            <CheckIcon position="absolute" insetEnd="1.5" bottom="1.5" boxSize="3.5" color="colorPalette.solid" />
          ) : null}
        </Choice>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm" fontWeight="semibold">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function SwitchRow({ label, setting, disabled, hint }: {
  label: string;
  setting: keyof Pick<LayoutSettings, 'fixedHeader' | 'autoHideHeader' | 'fixedSidebar' | 'colorWeak' | 'multipage'>;
  disabled?: boolean;
  hint?: string;
}) {
  const settings = useSettings();
  return (
    <Switch.Root
      size="sm"
      display="flex"
      justifyContent="space-between"
      w="full"
      checked={settings[setting]}
      disabled={disabled}
      onCheckedChange={(details) => updateSettings({ [setting]: details.checked })}
      data-testid={`setting-${setting}`}
    >
      <Stack gap="0">
        <Switch.Label fontWeight="normal">{label}</Switch.Label>
        {hint ? (
          <Text fontSize="xs" color="fg.subtle">
            {hint}
          </Text>
        ) : null}
      </Stack>
      <Switch.HiddenInput />
      <Switch.Control />
    </Switch.Root>
  );
}

/** The settings drawer (spec section 2): saved in localStorage and applied at once. */
export function SettingDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('layout');
  const settings = useSettings();
  const side = settings.layout === 'sidemenu';

  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="xs" placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="settings-drawer">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title>{t('settings.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="5">
              <Stack gap="6">
                <Section title={t('settings.menuTheme')}>
                  <HStack gap="3">
                    {(['dark', 'light'] as const).map((theme) => (
                      <LayoutPicture
                        key={theme}
                        side={side}
                        dark={theme === 'dark'}
                        selected={settings.menuTheme === theme}
                        label={t(`settings.theme.${theme}`)}
                        onClick={() => updateSettings({ menuTheme: theme })}
                        testId={`setting-menu-theme-${theme}`}
                      />
                    ))}
                  </HStack>
                </Section>

                <Section title={t('settings.themeColor')}>
                  <Grid templateColumns="repeat(8, 1fr)" gap="2" maxW="64">
                    {THEME_COLORS.map((preset) => {
                      const selected = settings.primaryColor === preset.color;
                      const name = t(`settings.colors.${preset.id}`);
                      return (
                        <Tooltip.Root key={preset.id} openDelay={100}>
                          <Tooltip.Trigger asChild>
                            <chakra.button
                              w="6"
                              h="6"
                              rounded="sm"
                              bg={preset.color}
                              cursor="pointer"
                              display="flex"
                              alignItems="center"
                              justifyContent="center"
                              color="white"
                              aria-label={name}
                              aria-pressed={selected}
                              outline="none"
                              _focusVisible={{ boxShadow: '0 0 0 2px white, 0 0 0 4px {colors.colorPalette.focusRing}' }}
                              onClick={() => updateSettings({ primaryColor: preset.color })}
                              data-testid={`setting-color-${preset.id}`}
                            >
                              {selected ? <CheckIcon boxSize="3.5" /> : null}
                            </chakra.button>
                          </Tooltip.Trigger>
                          <Portal>
                            <Tooltip.Positioner>
                              <Tooltip.Content>{`${name} ${preset.color}`}</Tooltip.Content>
                            </Tooltip.Positioner>
                          </Portal>
                        </Tooltip.Root>
                      );
                    })}
                  </Grid>
                </Section>

                <Separator />

                <Section title={t('settings.navigation')}>
                  <HStack gap="3">
                    {(['sidemenu', 'topmenu'] as const).map((layout) => (
                      <LayoutPicture
                        key={layout}
                        side={layout === 'sidemenu'}
                        dark={settings.menuTheme === 'dark'}
                        selected={settings.layout === layout}
                        label={t(`settings.layout.${layout}`)}
                        onClick={() => updateSettings({ layout })}
                        testId={`setting-layout-${layout}`}
                      />
                    ))}
                  </HStack>
                  <Flex justify="space-between" align="center" gap="3">
                    <Text fontSize="sm">{t('settings.contentWidth')}</Text>
                    <SegmentGroup.Root
                      size="xs"
                      value={settings.contentWidth}
                      onValueChange={(details) => {
                        if (details.value === 'fixed' || details.value === 'fluid') updateSettings({ contentWidth: details.value });
                      }}
                      data-testid="setting-content-width"
                    >
                      <SegmentGroup.Indicator />
                      <SegmentGroup.Items
                        items={[
                          { value: 'fixed', label: t('settings.width.fixed') },
                          { value: 'fluid', label: t('settings.width.fluid') },
                        ]}
                      />
                    </SegmentGroup.Root>
                  </Flex>
                  <SwitchRow label={t('settings.fixedHeader')} setting="fixedHeader" />
                  <SwitchRow
                    label={t('settings.autoHideHeader')}
                    setting="autoHideHeader"
                    disabled={!settings.fixedHeader}
                    hint={t('settings.autoHideHeaderHint')}
                  />
                  <SwitchRow
                    label={t('settings.fixedSidebar')}
                    setting="fixedSidebar"
                    disabled={!side}
                    hint={side ? undefined : t('settings.fixedSidebarHint')}
                  />
                </Section>

                <Separator />

                <Section title={t('settings.other')}>
                  <SwitchRow label={t('settings.colorWeak')} setting="colorWeak" />
                  <SwitchRow label={t('settings.multipage')} setting="multipage" />
                </Section>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px">
              <Text fontSize="xs" color="fg.subtle" flex="1">
                {t('settings.savedLocally')}
              </Text>
              <Button variant="outline" size="sm" onClick={resetSettings} data-testid="settings-reset">
                {t('settings.reset')}
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('settings.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
