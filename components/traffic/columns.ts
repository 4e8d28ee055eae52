/** One grid template for the header and every row, so columns line up without a <table>. */
export const GRID_COLUMNS = '4.5rem 4.75rem 2rem 6rem minmax(9rem,1fr) 3rem 4.25rem 4.75rem';
export const ROW_HEIGHT = 22;
/** Below this the columns would crush the method; the table scrolls sideways instead. */
export const MIN_TABLE_WIDTH = '39.25rem';

export const COLUMN_NAMES = ['Seq', 'Time (ms)', 'Dir', 'Kind', 'Method', 'Id', 'Size', 'Latency'] as const;
