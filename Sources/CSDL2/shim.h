#include <SDL2/SDL.h>
// SDL_GetWindowWMInfo's structure, for the Wayland display and surface of a window (Podium's own
// shared-memory buffers on Wayland). Its X11 part would pull Xlib's headers in; only the
// Wayland part is read, and the union keeps its size without it.
#undef SDL_VIDEO_DRIVER_X11
#include <SDL2/SDL_syswm.h>
