// wl-seat.h: what the probes that give a wlroots compositor's seat a device (wl-pointer.c,
// wl-keyboard.c) share: a connection to the compositor with its first seat and one manager
// global bound.
#include <stdio.h>
#include <string.h>
#include <wayland-client.h>

static struct wl_seat *seat;
static struct wl_proxy *manager;
static const struct wl_interface *manager_wanted;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                   uint32_t version) {
  (void)data;
  (void)version;
  if (strcmp(interface, "wl_seat") == 0 && seat == NULL) {
    seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
  } else if (strcmp(interface, manager_wanted->name) == 0) {
    manager = wl_registry_bind(registry, name, manager_wanted, 1);
  }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data;
  (void)registry;
  (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

// Connects to the compositor (WAYLAND_DISPLAY and XDG_RUNTIME_DIR name it) and binds `seat` and
// `manager` (version 1 of `interface`). NULL, having said why as `program`, if it cannot.
static struct wl_display *connect_seat(const char *program, const struct wl_interface *interface,
                                       const char *what) {
  struct wl_display *display = wl_display_connect(NULL);
  if (display == NULL) {
    fprintf(stderr, "%s: cannot connect to the Wayland compositor\n", program);
    return NULL;
  }
  manager_wanted = interface;
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);
  if (seat == NULL || manager == NULL) {
    fprintf(stderr, "%s: the compositor has no %s\n", program, seat == NULL ? "seat" : what);
    return NULL;
  }
  return display;
}
