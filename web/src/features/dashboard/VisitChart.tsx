/**
 * The visit chart (Recharts, the app's one chart library, loaded with the chart only): two bars per day (visits, IPs), and a
 * table of the same numbers for screen readers.
 */
import { Box, Table } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VisitDay } from './api';

const HEIGHT = 184;

export default function VisitChart({ days, visitsLabel, ipsLabel, dayLabel, caption, lang }: { days: VisitDay[]; visitsLabel: string; ipsLabel: string; dayLabel: string; caption: string; lang: string }) {
  const number = new Intl.NumberFormat(lang);
  const data = days.map((day) => ({ day: day.tian, full: day.type, visit: day.visit, ip: day.ip }));
  const tick = { fontSize: 11, fill: 'var(--chakra-colors-fg-muted)' };
  return (
    <>
      <Box height={`${HEIGHT}px`} aria-hidden data-testid="visit-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={2}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--chakra-colors-border)" />
            <XAxis dataKey="day" tick={tick} tickLine={false} interval="preserveStartEnd" minTickGap={8} />
            <YAxis width={40} tick={tick} tickLine={false} axisLine={false} allowDecimals={false} tickFormatter={(v: number) => number.format(v)} />
            <Tooltip
              cursor={{ fill: 'var(--chakra-colors-bg-muted)' }}
              labelFormatter={(_, payload) => String(payload?.[0]?.payload?.full ?? '')}
              formatter={(value, name) => [number.format(Number(value)), name === 'visit' ? visitsLabel : ipsLabel]}
            />
            <Bar dataKey="visit" name="visit" fill="var(--chakra-colors-blue-solid)" radius={[3, 3, 0, 0]} maxBarSize={20} />
            <Bar dataKey="ip" name="ip" fill="var(--chakra-colors-teal-solid)" radius={[3, 3, 0, 0]} maxBarSize={20} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Table.Root size="sm" srOnly data-testid="visit-chart-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{dayLabel}</Table.ColumnHeader>
            <Table.ColumnHeader>{visitsLabel}</Table.ColumnHeader>
            <Table.ColumnHeader>{ipsLabel}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((day) => (
            <Table.Row key={day.type || day.tian} data-testid="visit-chart-day">
              <Table.Cell>{day.type}</Table.Cell>
              <Table.Cell data-testid="visit-count">{number.format(day.visit)}</Table.Cell>
              <Table.Cell data-testid="ip-count">{number.format(day.ip)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </>
  );
}
