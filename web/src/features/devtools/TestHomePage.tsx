/**
 * The component bench (`/test/home`, a fixed signed-in route): a popup field built from what is
 * typed (the report's code, the source and target fields, single or multiple selection) and the
 * values it fills, to try a report as the forms that use it will. The field says at once when
 * its settings are wrong (core's `popupIssue`).
 */
import { Card, Code, Field, Heading, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupField } from '../../components/popup';

export default function TestHomePage() {
  const { t } = useTranslation('testHome');
  const [code, setCode] = useState('');
  const [orgFields, setOrgFields] = useState('');
  const [destFields, setDestFields] = useState('');
  const [multi, setMulti] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const entries = Object.entries(values);
  return (
    <Stack gap="4" minWidth="0" data-testid="test-home-page">
      <Card.Root size="sm">
        <Card.Header>
          <Stack gap="0.5">
            <Heading size="md">{t('title')}</Heading>
            <Text textStyle="sm" color="fg.muted">
              {t('subtitle')}
            </Text>
          </Stack>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            <Heading size="sm">{t('popup.title')}</Heading>
            <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" alignItems="end">
              <Field.Root>
                <Field.Label>{t('popup.code')}</Field.Label>
                <Input size="sm" fontFamily="mono" autoComplete="off" spellCheck={false} value={code} onChange={(event) => setCode(event.currentTarget.value)} placeholder="dict_popup" data-testid="test-home-code" />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('popup.orgFields')}</Field.Label>
                <Input size="sm" fontFamily="mono" autoComplete="off" spellCheck={false} value={orgFields} onChange={(event) => setOrgFields(event.currentTarget.value)} placeholder="code,name" data-testid="test-home-org" />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('popup.destFields')}</Field.Label>
                <Input size="sm" fontFamily="mono" autoComplete="off" spellCheck={false} value={destFields} onChange={(event) => setDestFields(event.currentTarget.value)} placeholder="dictCode,dictName" data-testid="test-home-dest" />
              </Field.Root>
              <Field.Root>
                <Switch.Root size="sm" checked={multi} onCheckedChange={(details) => setMulti(details.checked)} data-testid="test-home-multi">
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('popup.multi')}</Switch.Label>
                </Switch.Root>
              </Field.Root>
            </SimpleGrid>
            <Field.Root>
              <Field.Label>{t('popup.field')}</Field.Label>
              <PopupField
                code={code}
                orgFields={orgFields}
                destFields={destFields}
                multi={multi}
                groupId="test-home"
                onChange={setValues}
                aria-label={t('popup.field')}
                testId="test-home-popup"
              />
              <Field.HelperText>{t('popup.fieldHint')}</Field.HelperText>
            </Field.Root>
            <Stack gap="1.5">
              <Text textStyle="sm" fontWeight="medium">
                {t('popup.values')}
              </Text>
              <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" padding="3" rounded="md" textStyle="sm" data-testid="test-home-values">
                {entries.length > 0 ? entries.map(([name, value]) => `${name} = ${value}`).join('\n') : t('popup.noValues')}
              </Code>
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
