#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

// FT_LOAD_TARGET_LIGHT is a function-like macro, which Swift does not import.
static const FT_Int32 podium_ft_load_target_light = FT_LOAD_TARGET_LIGHT;
