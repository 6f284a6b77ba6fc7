#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic, which Swift
// does not call: typed wrappers with the options Podium sets (PodiumRemote's MicroHTTPD.swift).
static inline struct MHD_Daemon *podium_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AccessHandlerCallback handler,
    void *context, unsigned int connection_limit, unsigned int per_ip_limit,
    unsigned int timeout_seconds, size_t memory_limit, size_t thread_stack_size,
    MHD_AcceptPolicyCallback accept_policy, MHD_NotifyConnectionCallback notify_connection,
    MHD_RequestCompletedCallback notify_completed) {
  return MHD_start_daemon(
      flags, 0, accept_policy, context, handler, context,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_THREAD_STACK_SIZE, thread_stack_size,
      MHD_OPTION_NOTIFY_CONNECTION, notify_connection, context,
      MHD_OPTION_NOTIFY_COMPLETED, notify_completed, context,
      MHD_OPTION_END);
}

static inline uint16_t podium_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// A client's address as text (IPv4 or IPv6), into `text` of `size` bytes; "" when unknown.
static inline void podium_mhd_address_text(
    const struct sockaddr *address, char *text, size_t size) {
  text[0] = 0;
  if (address == NULL) return;
  if (address->sa_family == AF_INET) {
    inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, text, (socklen_t)size);
  } else if (address->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, text, (socklen_t)size);
  }
}

/// The connection's client address as text, as `podium_mhd_address_text` writes it.
static inline void podium_mhd_client_address(
    struct MHD_Connection *connection, char *text, size_t size) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  podium_mhd_address_text(info == NULL ? NULL : info->client_addr, text, size);
}

/// The connection's socket, or -1.
static inline int podium_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// What `MHD_OPTION_NOTIFY_CONNECTION`'s callback stored for the connection, or NULL.
static inline void *podium_mhd_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}
