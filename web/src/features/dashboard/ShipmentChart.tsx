/**
 * Orders per day of the last 30 (Recharts, loaded with the dashboard's order figures only): all
 * orders created and those placed (submitted or later), with a table of the same numbers for
 * screen readers.
 */
import { Table } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OrderDay } from './shipmentApi';

export default function ShipmentChart({ series, labels }: { series: OrderDay[]; labels: { total: string; placed: string; caption: string } }) {
  const data = series.map((day) => ({ day: day.day.slice(5), full: day.day, total: day.total, placed: day.placed }));
  return (
    <>
      <ResponsiveContainer width="100%" height="100%" aria-hidden>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--chakra-colors-border)" />
          <XAxis dataKey="day" tick={{ fontSize: 11, fill: 'var(--chakra-colors-fg-muted)' }} interval="preserveStartEnd" minTickGap={12} tickLine={false} />
          <YAxis width={36} allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--chakra-colors-fg-muted)' }} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: 'var(--chakra-colors-bg-muted)' }} labelFormatter={(_, payload) => String(payload?.[0]?.payload?.full ?? '')} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="total" name={labels.total} fill="var(--chakra-colors-gray-400)" radius={[3, 3, 0, 0]} maxBarSize={14} />
          <Bar dataKey="placed" name={labels.placed} fill="var(--chakra-colors-blue-solid)" radius={[3, 3, 0, 0]} maxBarSize={14} />
        </BarChart>
      </ResponsiveContainer>
      <Table.Root size="sm" srOnly>
        <Table.Caption>{labels.caption}</Table.Caption>
        <Table.Body>
          {series.map((day) => (
            <Table.Row key={day.day}>
              <Table.Cell>{day.day}</Table.Cell>
              <Table.Cell>{day.total}</Table.Cell>
              <Table.Cell>{day.placed}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </>
  );
}
