import type { ImportResponse } from '../../../shared/schemas/adminProducts.js';
import { countOf } from '../../ui/plural.js';
import styles from './Products.module.css';

/** What an import did or would do: counts, and every error by line and field. */
export function ImportReport({ report, dryRun }: { report: ImportResponse; dryRun: boolean }) {
  if (report.errors.length === 0) {
    return (
      <p className={styles.reportOk} role="status">
        {dryRun ? 'The file is ready: ' : 'Imported: '}
        {report.created} new, {report.updated} updated, {report.unchanged} unchanged.
      </p>
    );
  }
  return (
    <div className={styles.report}>
      <p role="alert">
        {countOf(report.errors.length, 'problem')} in the file: nothing {dryRun ? 'would be' : 'was'} saved.
        Fix the file and choose it again.
      </p>
      <table className={styles.table}>
        <caption className="visually-hidden">Problems in the CSV file</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {report.errors.map((error, index) => (
            <tr key={`${error.line}-${error.field}-${index}`}>
              <td className={styles.number}>{error.line}</td>
              <td>{error.field || '—'}</td>
              <td>{error.error}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
