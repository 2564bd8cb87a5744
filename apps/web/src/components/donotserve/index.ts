export * from './api';
export { CustomerDnsNotice, CustomerDnsNotices, useCustomerDns } from './CustomerDnsNotice';
export { DnsListBadge, DoNotServeBadge, useDnsMark } from './DoNotServeBadge';
export { DoNotServePanel } from './DoNotServePanel';
export { ReasonModal } from './ReasonModal';
export { reasonError } from './reason';
export { type DnsOverrideGate, useDnsOverride } from './use-dns-override';
