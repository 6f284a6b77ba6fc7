import PodiumCore
import Testing

@Suite struct LRUCacheTests {
  @Test func theLeastRecentlyUsedGoesFirstWhenTheCostPassesTheBudget() {
    var cache = LRUCache<String, Int>(budget: 10)
    cache.insert(1, forKey: "a", cost: 4)
    cache.insert(2, forKey: "b", cost: 4)
    #expect(cache.value(forKey: "a") == 1)  // "b" is now the oldest
    let evicted = cache.insert(3, forKey: "c", cost: 4)
    #expect(evicted == [2])
    #expect(cache.contains("a") && cache.contains("c") && !cache.contains("b"))
    #expect(cache.totalCost == 8 && cache.count == 2)
  }

  @Test func aValueOverTheBudgetIsKeptAloneUntilTheNext() {
    var cache = LRUCache<Int, String>(budget: 5)
    cache.insert("small", forKey: 1, cost: 2)
    #expect(cache.insert("huge", forKey: 2, cost: 50) == ["small"])
    #expect(cache.value(forKey: 2) == "huge")
    #expect(cache.insert("next", forKey: 3, cost: 1) == ["huge"])
  }

  @Test func updatingAValueKeepsItsCostAndPlace() {
    var cache = LRUCache<Int, Int>(budget: 2)
    cache.insert(10, forKey: 1)
    cache.insert(20, forKey: 2)
    cache.update(forKey: 1) { $0 += 5 }
    cache.update(forKey: 9) { $0 += 5 }  // not kept: nothing happens
    #expect(cache.totalCost == 2 && !cache.contains(9))
    #expect(cache.insert(30, forKey: 3) == [15], "1 is still the oldest")
  }

  @Test func replacingAKeyCountsItsCostOnce() {
    var cache = LRUCache<Int, Int>(budget: 100)
    cache.insert(1, forKey: 7, cost: 30)
    #expect(cache.insert(2, forKey: 7, cost: 40) == [1])
    #expect(cache.totalCost == 40 && cache.count == 1)
  }

  @Test func makingRoomAndLoweringTheBudgetLetTheOldestGo() {
    var cache = LRUCache<Int, Int>(budget: 12)
    for key in 0..<4 { cache.insert(key, forKey: key, cost: 3) }
    #expect(cache.makeRoom(for: 6) == [0, 1])
    cache.budget = 3
    #expect(cache.count == 1 && cache.contains(3))
  }

  @Test func removingByConditionAndEmptyingKeepTheListWhole() {
    var cache = LRUCache<Int, Int>(budget: 1_000)
    for key in 0..<100 { cache.insert(key, forKey: key, cost: 1) }
    cache.removeAll { key, _ in key % 2 == 0 }
    #expect(cache.count == 50 && cache.totalCost == 50)
    // The survivors still leave oldest first.
    cache.budget = 48
    #expect(!cache.contains(1) && !cache.contains(3) && cache.contains(5))
    cache.removeAll()
    #expect(cache.isEmpty && cache.totalCost == 0)
    cache.insert(1, forKey: 1, cost: 1)
    #expect(cache.value(forKey: 1) == 1)
  }

  @Test func manyUsesStayConsistent() {
    var cache = LRUCache<Int, Int>(budget: 64)
    var generator = SystemRandomNumberGenerator()
    for round in 0..<5_000 {
      let key = Int.random(in: 0..<200, using: &generator)
      if cache.value(forKey: key) == nil { cache.insert(round, forKey: key, cost: 1) }
      #expect(cache.totalCost == cache.count && cache.count <= 64)
    }
  }
}
