import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toSearchParams } from '../lib/api-client.ts';
import { useApi } from '../lib/api-context.tsx';

/** Paging fields: an export is everything the filters select, not one page of it. */
const PAGING_FIELDS = ['page', 'pageSize', 'beforeId', 'limit'];

/** The export address of a list: `<list path>/export`, the convention of the CSV endpoints. */
export function exportPath(listPath: string): string {
  return `${listPath.replace(/\/$/, '')}/export`;
}

/** The list's filters as the export's query string, paging left out. */
export function exportQuery(filters: Record<string, unknown>): URLSearchParams {
  const kept = Object.fromEntries(
    Object.entries(filters).filter(([key]) => !PAGING_FIELDS.includes(key)),
  );
  return toSearchParams(kept);
}

/**
 * Downloads the CSV of what a list's filters select: GET `<listPath>/export` with the same
 * query (paging left out), with the bearer token, saved through a blob link. A failure shows
 * the server's message (a list without an export answers not_found).
 */
export function ExportCsvButton({
  listPath,
  filters,
  filename,
  label,
}: {
  listPath: string;
  filters: Record<string, unknown>;
  /** Used when the server names no file: `<filename>.csv`. */
  filename: string;
  /** The button's text where a screen has more than one export; "Export CSV" otherwise. */
  label?: string;
}) {
  const { t } = useTranslation('common');
  const api = useApi();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const file = await api.download(exportPath(listPath), exportQuery(filters));
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.filename ?? `${filename}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      void message.success(t('exported'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      {busy ? t('exporting') : (label ?? t('exportCsv'))}
    </Button>
  );
}
