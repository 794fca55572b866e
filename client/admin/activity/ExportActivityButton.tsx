import { useState } from 'react';
import type { ActivityFilters } from '../../../shared/schemas/activity.js';
import { downloadActivityCsv } from '../api/activityCsv.js';
import controls from '../ui/Controls.module.css';
import styles from './Activity.module.css';

/** "Export CSV": the rows the filters in the address bar match, every page, as a download. */
export function ExportActivityButton({ filters }: { filters: ActivityFilters }) {
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const exportFile = () => {
    setState({ busy: true, error: '' });
    downloadActivityCsv(filters).then(
      () => setState({ busy: false, error: '' }),
      (error: Error) => setState({ busy: false, error: error.message }),
    );
  };
  return (
    <div className={styles.export}>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary} ${controls.small}`}
        onClick={exportFile}
        disabled={state.busy}
      >
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {state.error && (
        <p className={styles.error} role="alert">
          Could not export: {state.error}
        </p>
      )}
    </div>
  );
}
