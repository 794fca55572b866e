import { useState } from 'react';
import type { ImportResponse } from '../../../shared/schemas/adminProducts.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { useQueryClient } from '@tanstack/react-query';
import { UploadProgress } from '../../ui/UploadProgress.js';
import { countOf } from '../../ui/plural.js';
import { useUploadProgress } from '../../ui/useUploadProgress.js';
import { downloadExport, importCsv } from '../api/csvTransfer.js';
import { adminKeys } from '../api/queryKeys.js';
import controls from '../ui/Controls.module.css';
import { ImportReport } from './ImportReport.js';
import { importImageLinks } from './importImageLinks.js';
import styles from './Products.module.css';

type Step = { kind: 'idle' } | { kind: 'checked' | 'imported'; file: File; report: ImportResponse };

/**
 * Export and Import of the shop's CSV. A chosen file is checked first (a dry run that writes nothing);
 * only a file without errors can then be imported, and its new image links are fetched after.
 */
export function CsvTools({ shop }: { shop: ShopConfig }) {
  const queryClient = useQueryClient();
  const upload = useUploadProgress();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [label, setLabel] = useState('');
  const [message, setMessage] = useState('');

  const send = async (file: File, dryRun: boolean) => {
    setMessage('');
    // A new check replaces the last one's result: a failed check must not leave an older file importable.
    if (dryRun) setStep({ kind: 'idle' });
    setLabel(dryRun ? `Checking ${file.name}` : `Importing ${file.name}`);
    try {
      const report = await upload.track((c) => importCsv(shop.key, file, dryRun, c));
      setStep({ kind: dryRun ? 'checked' : 'imported', file, report });
      if (dryRun || report.errors.length > 0) return;
      await queryClient.invalidateQueries({ queryKey: adminKeys.products(shop.key) });
      if (report.imageLinks.length === 0) return;
      setLabel('Fetching images from the file’s links');
      const added = await upload.track((c) => importImageLinks(shop, report.imageLinks, c));
      setMessage(`${countOf(added, 'image')} added from links.`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.products(shop.key) });
    } catch (error) {
      setMessage(
        error instanceof DOMException && error.name === 'AbortError'
          ? 'Cancelled.'
          : String((error as Error).message),
      );
    }
  };

  const exportFile = () => {
    setMessage('');
    downloadExport(shop.key).catch((error: Error) => setMessage(error.message));
  };

  return (
    <section className={`${controls.card} ${styles.csv}`} aria-label="CSV export and import">
      <div className={styles.csvButtons}>
        <button type="button" className={`${controls.button} ${controls.secondary}`} onClick={exportFile}>
          Export CSV
        </button>
        <label className={`${controls.button} ${controls.secondary} ${styles.fileButton}`}>
          Import CSV…
          <input
            type="file"
            accept=".csv,text/csv"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send(file, true);
            }}
          />
        </label>
      </div>
      {upload.progress && (
        <UploadProgress label={label} progress={upload.progress} onCancel={upload.cancel} />
      )}
      {step.kind !== 'idle' && <ImportReport report={step.report} dryRun={step.kind === 'checked'} />}
      {step.kind === 'checked' && step.report.errors.length === 0 && !upload.progress && (
        <button
          type="button"
          className={`${controls.button} ${controls.primary}`}
          onClick={() => void send(step.file, false)}
        >
          Import {countOf(step.report.created + step.report.updated, 'product')}
        </button>
      )}
      <p role="status" className={styles.status}>
        {message}
      </p>
    </section>
  );
}
