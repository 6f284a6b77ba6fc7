#include <wayland-client.h>

// Interfaces are const globals Swift imports as values; binding a global needs their address.
static inline const struct wl_interface *podium_wl_output_interface(void) {
  return &wl_output_interface;
}

static inline const struct wl_interface *podium_wl_shm_interface(void) {
  return &wl_shm_interface;
}
