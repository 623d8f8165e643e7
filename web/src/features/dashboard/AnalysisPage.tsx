import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coreVersion } from '../../core';
import { dayPeriod } from './greeting';

/** `/dashboard/analysis`: the landing page after sign-in. */
export default function AnalysisPage() {
  const { t } = useTranslation('dashboard');
  const [periodKey] = useState(() => dayPeriod(new Date().getHours()));
  const period = t(`period.${periodKey}`);
  return (
    <Stack gap="6">
      <Heading as="h1" size="lg">
        {t('analysis.title')}
      </Heading>
      <Card.Root data-testid="dashboard-welcome">
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {t('analysis.greeting', { period })}
          </Heading>
          <Text color="fg.muted">{t('analysis.signedIn')}</Text>
          <Text color="fg.subtle" fontSize="xs">
            {t('analysis.coreVersion', { version: coreVersion() })}
          </Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
