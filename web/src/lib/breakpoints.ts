/** Layout breakpoints: mobile under 768 px, tiny under 375 px. */
export const MOBILE_BREAKPOINT = 768;
export const TINY_BREAKPOINT = 375;
/** Between the mobile breakpoint and this width the desktop layout is "narrow". */
export const NARROW_BREAKPOINT = 1024;
