import { lazy, Suspense, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Link as RouterLink } from 'react-router';
import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import { periodDatesLine, type PeriodKind } from '@shop/shared/domain/dates';
import { formatPounds } from '@shop/shared/domain/money';
import { LOADING } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { useAdminSummary, useLiveSummary } from '../api/summary-api';
import { salesSummary } from '../lib/chart-data';
import { DEFAULT_REVENUE_TAB, REVENUE_TABS, dashboardCards, revenueRows, todayOrderRows, type RevenueTab } from '../lib/dashboard-figures';
import { paths } from '../../../lib/paths';

// uPlot and its chart come in their own chunk once the figures are on screen.
const SalesChart = lazy(() => import('../components/sales-chart').then((module) => ({ default: module.SalesChart })));

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', position: 'relative' }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The dates a period covers, on London's calendar at the shop clock the figures were computed at. */
function PeriodDates({ summary, period }: { summary: AdminSummaryWire; period: PeriodKind }) {
  return (
    <Typography sx={{ mb: 1.5, color: 'text.secondary' }} data-testid={`period-dates-${period}`}>
      {periodDatesLine(period, new Date(summary.asOf))}
    </Typography>
  );
}

/** Label and figure rows, as a description list. */
function Figures({ rows, testId }: { rows: { label: string; value: string | number }[]; testId?: string }) {
  return (
    <Box component="dl" data-testid={testId} sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, columnGap: 2 }}>
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }} data-figure={row.label}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function ManageOrders({ to }: { to: string }) {
  return (
    <Button component={RouterLink} to={to} variant="outlined" size="small" sx={{ mt: 2 }}>
      Manage Orders
    </Button>
  );
}

function Cards({ summary }: { summary: AdminSummaryWire }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="Figures">
      {dashboardCards(summary).map((card, index) => (
        <Grid key={card.label} size={{ xs: 6, md: 4, lg: 3 }} component="li">
          <Paper
            variant="outlined"
            role="group"
            aria-labelledby={`card-${index}`}
            sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column' }}
          >
            <Typography id={`card-${index}`} component="p" variant="body2" color="text.secondary">
              {card.label}
            </Typography>
            <Typography
              component="p"
              data-testid="figure"
              sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
            >
              {card.value}
            </Typography>
            {card.to && (
              <Link component={RouterLink} to={card.to} variant="body2" sx={{ mt: 'auto' }}>
                {card.linkLabel}
              </Link>
            )}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

function RevenueSummary({ summary }: { summary: AdminSummaryWire }) {
  const [period, setPeriod] = useState<RevenueTab['period']>(DEFAULT_REVENUE_TAB);
  const tab = REVENUE_TABS.find((candidate) => candidate.period === period) ?? REVENUE_TABS[1];
  return (
    <Panel id="revenue-summary" title="Revenue Summary">
      <Tabs
        value={period}
        onChange={(_event, next: RevenueTab['period']) => setPeriod(next)}
        aria-label="Period"
        variant="fullWidth"
        sx={{ mb: 2 }}
      >
        {REVENUE_TABS.map((candidate) => (
          <Tab
            key={candidate.period}
            value={candidate.period}
            label={candidate.label}
            id={`revenue-tab-${candidate.period}`}
            aria-controls="revenue-panel"
          />
        ))}
      </Tabs>
      {tab && (
        <Box role="tabpanel" id="revenue-panel" aria-labelledby={`revenue-tab-${tab.period}`}>
          <PeriodDates summary={summary} period={tab.period} />
          <Figures rows={revenueRows(summary, tab.period)} testId="revenue-figures" />
          <ManageOrders to={tab.to} />
        </Box>
      )}
    </Panel>
  );
}

function DailySales({ summary }: { summary: AdminSummaryWire }) {
  return (
    <Panel id="daily-sales" title="Daily sales, last 30 days">
      <Typography sx={{ mb: 1 }} data-testid="sales-summary">
        {salesSummary(summary.daily)}
      </Typography>
      <Suspense fallback={<Box sx={{ height: 260 }} />}>
        <SalesChart daily={summary.daily} />
      </Suspense>
      {/* A table box ignores width and overflow, so the hiding is done by a div around it. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>Sales by day, last 30 days, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Orders</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {summary.daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.date}</th>
                <td>{day.orders}</td>
                <td>{formatPounds(day.salesPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Panel>
  );
}

/** /dashboard (SPEC.md section 2): the cards, today's orders by status, the revenue of past periods, daily sales. */
export function DashboardPage() {
  const summary = useAdminSummary();
  useLiveSummary();
  const data = summary.data;

  return (
    <Page title="Dashboard">
      {summary.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          }
        >
          {summary.error.message}
        </Alert>
      )}
      {!data && !summary.isError && <Typography>{LOADING}</Typography>}
      {data && (
        <>
          <Cards summary={data} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel id="orders-today" title="Orders Summary (Today)">
                <PeriodDates summary={data} period="today" />
                <Figures rows={todayOrderRows(data)} testId="today-figures" />
                <ManageOrders to={paths.newOrders} />
              </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RevenueSummary summary={data} />
            </Grid>
            <Grid size={12}>
              <DailySales summary={data} />
            </Grid>
          </Grid>
        </>
      )}
    </Page>
  );
}
