/**
 * The wallet's daily chart (Recharts, loaded with the dashboard's wallet figures only): one bar per day of the last 30,
 * the amount in the currency, and a table of the same numbers for screen readers.
 */
import { Table } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { components } from '../../api/schema';
import { formatMoney } from './money';

type DayFigure = components['schemas']['DayFigure'];

export default function WalletChart({ series, currency, label, countLabel, lang }: { series: DayFigure[]; currency: string; label: string; countLabel: string; lang: string }) {
  const data = series.map((day) => ({ day: day.day.slice(5), full: day.day, amount: Number(day.amount), text: day.amount, count: day.count }));
  const compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <>
      <ResponsiveContainer width="100%" height="100%" aria-hidden>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--chakra-colors-border)" />
          <XAxis dataKey="day" tick={{ fontSize: 11, fill: 'var(--chakra-colors-fg-muted)' }} interval="preserveStartEnd" minTickGap={12} tickLine={false} />
          <YAxis width={48} tick={{ fontSize: 11, fill: 'var(--chakra-colors-fg-muted)' }} tickFormatter={(v: number) => compact.format(v)} tickLine={false} axisLine={false} />
          <Tooltip
            cursor={{ fill: 'var(--chakra-colors-bg-muted)' }}
            labelFormatter={(_, payload) => String(payload?.[0]?.payload?.full ?? '')}
            formatter={(_value, _name, item) => [`${formatMoney(String(item.payload.text), currency, lang)} · ${countLabel} ${item.payload.count}`, label]}
          />
          <Bar dataKey="amount" fill="var(--chakra-colors-blue-solid)" radius={[3, 3, 0, 0]} maxBarSize={18} />
        </BarChart>
      </ResponsiveContainer>
      <Table.Root size="sm" srOnly>
        <Table.Caption>{label}</Table.Caption>
        <Table.Body>
          {series.map((day) => (
            <Table.Row key={day.day}>
              <Table.Cell>{day.day}</Table.Cell>
              <Table.Cell>{formatMoney(day.amount, currency, lang)}</Table.Cell>
              <Table.Cell>{day.count}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </>
  );
}
