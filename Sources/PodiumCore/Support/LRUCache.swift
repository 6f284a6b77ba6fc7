/// The one cache type: values kept up to a total cost (bytes, or 1 per value for a count), the
/// least recently used let go first. Lookups, insertions and evictions take constant time: the
/// entries form a list from the newest to the oldest, kept in an array of slots.
///
/// Used from one thread; its owner serialises access.
public struct LRUCache<Key: Hashable, Value> {
  private struct Entry {
    var key: Key
    var value: Value
    var cost: Int
    /// The slots of the entry used just after this one and just before it; -1 for none.
    var newer: Int
    var older: Int
  }

  /// The total cost kept at most. A value costing more than this alone is still kept, alone,
  /// until the next insertion: what was just made is about to be used. Lowering it lets the
  /// oldest go at once.
  public var budget: Int {
    didSet {
      budget = max(0, budget)
      _ = makeRoom(for: 0)
    }
  }
  public private(set) var totalCost = 0
  private var slots: [Key: Int] = [:]
  private var entries: [Entry?] = []
  private var freeSlots: [Int] = []
  private var newest = -1
  private var oldest = -1

  public init(budget: Int) {
    self.budget = max(0, budget)
  }

  public var count: Int { slots.count }
  public var isEmpty: Bool { slots.isEmpty }

  /// The value for `key`, now the most recently used; nil when it is not kept.
  public mutating func value(forKey key: Key) -> Value? {
    guard let slot = slots[key], let entry = entries[slot] else { return nil }
    moveToFront(slot)
    return entry.value
  }

  /// Changes the value kept for `key` in place, its cost and place in the order unchanged.
  public mutating func update(forKey key: Key, _ change: (inout Value) -> Void) {
    guard let slot = slots[key], var entry = entries[slot] else { return }
    change(&entry.value)
    entries[slot] = entry
  }

  /// Whether `key` is kept, without counting as a use.
  public func contains(_ key: Key) -> Bool { slots[key] != nil }

  /// Keeps `value` as the most recently used, then lets the oldest go while the total passes
  /// the budget. Returns what was let go, for owners that free resources.
  @discardableResult
  public mutating func insert(_ value: Value, forKey key: Key, cost: Int = 1) -> [Value] {
    var evicted: [Value] = []
    if let replaced = removeValue(forKey: key) { evicted.append(replaced) }
    let slot: Int
    let entry = Entry(key: key, value: value, cost: max(0, cost), newer: -1, older: newest)
    if let free = freeSlots.popLast() {
      slot = free
      entries[slot] = entry
    } else {
      slot = entries.count
      entries.append(entry)
    }
    if newest >= 0 { entries[newest]?.newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
    slots[key] = slot
    totalCost += entry.cost
    while totalCost > budget, oldest != slot, let gone = removeOldest() { evicted.append(gone) }
    return evicted
  }

  /// Lets the oldest values go until `cost` more fits the budget, and returns them: an owner
  /// can reuse what goes (a texture of the right size) before it inserts.
  public mutating func makeRoom(for cost: Int) -> [Value] {
    var evicted: [Value] = []
    while totalCost + cost > budget, let gone = removeOldest() { evicted.append(gone) }
    return evicted
  }

  /// Lets the value for `key` go, returning it.
  @discardableResult
  public mutating func removeValue(forKey key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    return remove(slot)
  }

  /// Lets every value go for which `shouldRemove` is true.
  public mutating func removeAll(where shouldRemove: (Key, Value) -> Bool) {
    for (key, slot) in slots {
      if let entry = entries[slot], shouldRemove(key, entry.value) { remove(slot) }
    }
  }

  public mutating func removeAll() {
    slots.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
    freeSlots.removeAll(keepingCapacity: true)
    newest = -1
    oldest = -1
    totalCost = 0
  }

  private mutating func removeOldest() -> Value? {
    oldest >= 0 ? remove(oldest) : nil
  }

  @discardableResult
  private mutating func remove(_ slot: Int) -> Value? {
    guard let entry = entries[slot] else { return nil }
    unlink(slot, entry)
    entries[slot] = nil
    freeSlots.append(slot)
    slots[entry.key] = nil
    totalCost -= entry.cost
    return entry.value
  }

  private mutating func unlink(_ slot: Int, _ entry: Entry) {
    if entry.newer >= 0 { entries[entry.newer]?.older = entry.older } else { newest = entry.older }
    if entry.older >= 0 { entries[entry.older]?.newer = entry.newer } else { oldest = entry.newer }
  }

  private mutating func moveToFront(_ slot: Int) {
    guard slot != newest, var entry = entries[slot] else { return }
    unlink(slot, entry)
    entry.newer = -1
    entry.older = newest
    entries[slot] = entry
    if newest >= 0 { entries[newest]?.newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
  }
}
