const numberFormat = new Intl.NumberFormat('en-US');

/** A count as every screen writes it, with thousands separators: '1,234'. */
export const formatCount = (n: number) => numberFormat.format(n);
