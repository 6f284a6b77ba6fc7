#include <SDL2/SDL_image.h>
