import { Badge, Box, Card, chakra, Heading, HStack, List, Separator, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon, InboxIcon } from '../../../components/icons';
import { ListEmpty } from '../../../components/list/ListEmpty';
import type { Quote, UnavailableProduct } from '../../../core';
import { useToggleSet } from '../../../hooks/useToggleSet';

/** An amount as the core wrote it (already in the currency's minor unit) with its currency. */
export const money = (amount: string, currency: string) => `${amount} ${currency}`;

function QuoteCard({ quote, cheapest, expanded, onToggle }: { quote: Quote; cheapest: boolean; expanded: boolean; onToggle: () => void }) {
  const { t } = useTranslation('forecast');
  const detailsId = `forecast-quote-${quote.channelProductId}`;
  return (
    <Card.Root size="sm" variant="outline" borderColor={cheapest ? 'green.muted' : undefined} data-testid="forecast-quote">
      <chakra.button
        type="button"
        display="flex"
        alignItems="center"
        gap="3"
        width="full"
        textAlign="start"
        padding="3"
        cursor="pointer"
        rounded="l2"
        _hover={{ bg: 'bg.subtle' }}
        focusVisibleRing="inside"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={onToggle}
        data-testid="forecast-quote-toggle"
      >
        <ChevronRightIcon color="fg.muted" flexShrink={0} transform={expanded ? 'rotate(90deg)' : undefined} transition="transform 0.15s" />
        <Box flex="1" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" fontFamily="mono" data-testid="forecast-quote-code">
              {quote.code}
            </Text>
            <Text color="fg.muted" truncate>
              {quote.name}
            </Text>
            {cheapest ? (
              <Badge size="sm" colorPalette="green" variant="solid">
                {t('result.cheapest')}
              </Badge>
            ) : null}
          </HStack>
          <HStack gap="3" textStyle="xs" color="fg.muted" marginTop="1" wrap="wrap">
            <Text>{t('result.zone', { zone: quote.zone })}</Text>
            <Text fontVariantNumeric="tabular-nums">{t('result.chargeableWeight', { weight: quote.chargeableWeight })}</Text>
          </HStack>
        </Box>
        <Box textAlign="end" flexShrink={0}>
          <Text fontWeight="bold" textStyle="lg" fontVariantNumeric="tabular-nums" data-testid="forecast-quote-total">
            {quote.total}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {quote.currency}
          </Text>
        </Box>
      </chakra.button>
      {expanded ? (
        <Card.Body paddingTop="0" id={detailsId} data-testid="forecast-quote-details">
          <Separator marginBottom="3" />
          <Stack gap="4">
            <Box>
              <Heading size="xs" marginBottom="2">
                {t('result.lines')}
              </Heading>
              <Table.Root size="sm" variant="line">
                <Table.Body>
                  {quote.lines.map((line, index) => (
                    <Table.Row key={`${line.kind}-${index}`} data-testid="forecast-quote-line">
                      <Table.Cell paddingStart="0">{line.label}</Table.Cell>
                      <Table.Cell textAlign="end" paddingEnd="0" fontVariantNumeric="tabular-nums">
                        {money(line.amount, quote.currency)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                  <Table.Row fontWeight="semibold">
                    <Table.Cell paddingStart="0" borderBottomWidth="0">
                      {t('result.total')}
                    </Table.Cell>
                    <Table.Cell textAlign="end" paddingEnd="0" borderBottomWidth="0" fontVariantNumeric="tabular-nums">
                      {money(quote.total, quote.currency)}
                    </Table.Cell>
                  </Table.Row>
                </Table.Body>
              </Table.Root>
            </Box>
            <Box>
              <Heading size="xs" marginBottom="2">
                {t('result.breakdown')}
              </Heading>
              <List.Root as="ol" gap="1" textStyle="sm" color="fg.muted" paddingStart="5" data-testid="forecast-quote-breakdown">
                {quote.breakdown.map((step, index) => (
                  <List.Item key={index}>{step}</List.Item>
                ))}
              </List.Root>
            </Box>
          </Stack>
        </Card.Body>
      ) : null}
    </Card.Root>
  );
}

export function UnavailableList({ products }: { products: readonly UnavailableProduct[] }) {
  const { t } = useTranslation('forecast');
  if (products.length === 0) return null;
  return (
    <Box data-testid="forecast-unavailable">
      <Heading size="xs" color="fg.muted" marginBottom="2">
        {t('result.unavailable', { count: products.length })}
      </Heading>
      <List.Root variant="plain" gap="2">
        {products.map((product) => (
          <List.Item key={product.channelProductId} display="block" color="fg.muted" textStyle="sm" data-testid="forecast-unavailable-item">
            <Text as="span" fontFamily="mono" fontWeight="medium">
              {product.code}
            </Text>
            <Text as="span" marginStart="2">
              {product.name}
            </Text>
            <Text textStyle="xs" color="fg.subtle" data-testid="forecast-unavailable-reason">
              {product.reason}
            </Text>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** The quotes, cheapest first; each opens to its money lines and the steps of its price. */
export function QuoteResults({ quotes, unavailable }: { quotes: readonly Quote[]; unavailable: readonly UnavailableProduct[] }) {
  const { t } = useTranslation('forecast');
  const [expanded, toggle] = useToggleSet<string>();

  return (
    <Stack gap="4">
      <Text textStyle="sm" color="fg.muted" aria-live="polite" data-testid="forecast-summary">
        {quotes[0] ? t('result.summary', { count: quotes.length, total: money(quotes[0].total, quotes[0].currency) }) : t('result.none')}
      </Text>
      {quotes.length > 0 ? (
        <Stack gap="2" data-testid="forecast-quotes">
          {quotes.map((quote, index) => (
            <QuoteCard
              key={quote.channelProductId}
              quote={quote}
              cheapest={index === 0 && quotes.length > 1}
              expanded={expanded.has(quote.channelProductId)}
              onToggle={() => toggle(quote.channelProductId)}
            />
          ))}
        </Stack>
      ) : (
        <ListEmpty
          icon={<InboxIcon />}
          title={t('result.noneTitle')}
          description={t('result.noneDescription')}
          borderWidth="1px"
          borderStyle="dashed"
          rounded="md"
          testId="forecast-no-quotes"
        />
      )}
      <UnavailableList products={unavailable} />
    </Stack>
  );
}
