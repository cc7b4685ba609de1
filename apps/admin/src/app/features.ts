import type { AdminFeature } from '../lib/feature.ts';
import { actionLogFeature } from '../features/action-log/feature.tsx';
import { auditEventsFeature } from '../features/audit-events/feature.tsx';
import { complianceFeature } from '../features/compliance/feature.tsx';
import { exclusionRegistryFeature } from '../features/exclusion-registry/feature.tsx';
import { approvalsFeature } from '../features/approvals/feature.tsx';
import { cashierFeature } from '../features/cashier/feature.tsx';
import { homeFeature } from '../features/home/feature.tsx';
import { kycFeature } from '../features/kyc/feature.tsx';
import { member360Feature } from '../features/member-360/feature.tsx';
import { membersFeature } from '../features/members/feature.tsx';
import { operatorsFeature } from '../features/operators/feature.tsx';
import { transfersFeature } from '../features/transfers/feature.tsx';
import { riskAlertsFeature } from '../features/risk-alerts/feature.tsx';
import { contentFeature } from '../features/content/feature.tsx';
import { brandsFeature } from '../features/brands/feature.tsx';
import { marketingFeature } from '../features/marketing/feature.tsx';
import { vipFeature } from '../features/vip/feature.tsx';
import { agentsFeature } from '../features/agents/feature.tsx';
import { gamesFeature } from '../features/games/feature.tsx';
import { serviceFeature } from '../features/service/feature.tsx';
import { dashboardFeature } from '../features/dashboard/feature.tsx';
import { reportsFeature } from '../features/reports/feature.tsx';

/**
 * Every screen of the console. The route table (routes.tsx), the sidebar (layout.tsx) and the
 * texts (i18n.ts) are made from this list: a new feature is one import and one entry here.
 */
export const FEATURES: readonly AdminFeature[] = [
  homeFeature,
  membersFeature,
  member360Feature,
  approvalsFeature,
  cashierFeature,
  transfersFeature,
  kycFeature,
  operatorsFeature,
  actionLogFeature,
  auditEventsFeature,
  complianceFeature,
  exclusionRegistryFeature,
  riskAlertsFeature,
  contentFeature,
  brandsFeature,
  marketingFeature,
  vipFeature,
  agentsFeature,
  gamesFeature,
  serviceFeature,
  dashboardFeature,
  reportsFeature,
];
