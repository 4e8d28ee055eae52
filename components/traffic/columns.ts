/** One grid template for the header and every row, so columns line up without a <table>. */
export const GRID_COLUMNS = '4.5rem 5.5rem 2.5rem 6.5rem minmax(10rem,1fr) 4.5rem 4.5rem 5.5rem';
export const ROW_HEIGHT = 22;

export const COLUMN_NAMES = ['Seq', 'Time (ms)', 'Dir', 'Kind', 'Method', 'Id', 'Size', 'Latency'] as const;
