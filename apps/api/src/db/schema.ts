/** Table types. Portable column choices: text ids and ISO-8601 timestamps, integers for flags and counts. */
export interface AccountsTable {
  id: string;
  email: string;
  credits: number;
  sub_status: string;
  sub_plan: string | null;
  sub_abroad: number;
  sub_current_period_end: string | null;
  sub_cancel_at_period_end: number;
  volume_packages: number;
  check_block_remaining: number;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  display_prefix: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface UsageCountersTable {
  account_id: string;
  kind: string;
  period: string;
  count: number;
}

export interface LedgerTable {
  id: string;
  account_id: string;
  kind: string;
  credits_delta: number;
  note: string;
  created_at: string;
}

/** One fixed rate-limit window per credential and endpoint group (window_no = minutes since the epoch). */
export interface RateWindowsTable {
  key: string;
  window_no: number;
  count: number;
}

export interface DB {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  usage_counters: UsageCountersTable;
  ledger: LedgerTable;
  rate_windows: RateWindowsTable;
}
