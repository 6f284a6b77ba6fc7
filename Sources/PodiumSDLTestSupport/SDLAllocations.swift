import CSDL2
import Foundation

/// Counts the allocations made through SDL's allocator, on each thread, for tests that check
/// that Podium frees every SDL object it makes: SDL's own, SDL_ttf's and SDL_image's objects
/// (surfaces, textures, renderers, windows, fonts) are all allocated with `SDL_malloc`.
///
/// LeakSanitizer cannot check those: SDL is stripped and built without frame pointers, so its
/// allocations' stacks name no function and its own leaks can only be suppressed a library at a
/// time (scripts/lsan.supp), which would hide Podium's too. Counting per thread keeps the tests
/// exact while other tests use SDL on other threads.
public enum SDLAllocations {
  /// Routes SDL's allocator through counting wrappers of the C allocator, once. Safe after SDL
  /// has allocated: the wrappers allocate and free with the same `malloc` and `free` SDL used
  /// before. The corresponding C function is `SDL_SetMemoryFunctions`.
  public static let installed: Bool =
    SDL_SetMemoryFunctions(countingMalloc, countingCalloc, countingRealloc, countingFree) == 0

  /// SDL allocations made on this thread less those freed on it, since `installed`.
  public static var onThisThread: Int {
    Int(bitPattern: UInt(bitPattern: pthread_getspecific(balanceKey)))
  }

  /// Empties SDL's event queue. A new window queues events, and SDL allocates their entries,
  /// keeping them for reuse once read: a test counting allocations around windows reads them as
  /// an application does. The corresponding C function is `SDL_FlushEvents`.
  public static func discardQueuedEvents() {
    SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
  }

  fileprivate static func add(_ change: Int) {
    let count = UInt(bitPattern: onThisThread + change)
    pthread_setspecific(balanceKey, UnsafeRawPointer(bitPattern: count))
  }
}

/// The thread's count, kept as the bits of a thread-specific pointer: no allocation, no lock.
private let balanceKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()

private let countingMalloc: SDL_malloc_func = { size in
  let memory = malloc(size)
  if memory != nil { SDLAllocations.add(1) }
  return memory
}

private let countingCalloc: SDL_calloc_func = { count, size in
  let memory = calloc(count, size)
  if memory != nil { SDLAllocations.add(1) }
  return memory
}

private let countingRealloc: SDL_realloc_func = { old, size in
  let memory = realloc(old, size)
  if old == nil && memory != nil { SDLAllocations.add(1) }
  return memory
}

private let countingFree: SDL_free_func = { memory in
  guard let memory else { return }
  free(memory)
  SDLAllocations.add(-1)
}
