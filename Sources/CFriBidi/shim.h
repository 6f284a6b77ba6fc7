#include <fribidi.h>

// FriBidi's paragraph directions are macros built from bit masks, which Swift does not import.
static const FriBidiParType podium_fribidi_par_auto = FRIBIDI_PAR_ON;
static const FriBidiParType podium_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType podium_fribidi_par_rtl = FRIBIDI_PAR_RTL;
