/// What `podium export talk.md -o talk.mp4` shows and when: each build step held for the time
/// the last rehearsal spent on it (or an even share of `--seconds-per-slide`), the deck's
/// transitions played as a slide comes in, as in the talk, and a chapter per slide.
public struct MovieScript: Hashable, Sendable {
  /// A build step on screen from `start` for `seconds`; `transition` plays over its beginning.
  public struct Scene: Hashable, Sendable {
    public var shot: SlideShot
    public var start: Double
    public var seconds: Double
    public var transition: TransitionPlay?
  }

  public private(set) var scenes: [Scene] = []
  public private(set) var chapters = MovieChapters()
  /// Scenes whose times came from the rehearsal, and from `--seconds-per-slide`.
  public private(set) var rehearsedScenes = 0
  public private(set) var end = 0.0

  /// The seconds a slide is held with neither a rehearsal nor `--seconds-per-slide`, as
  /// PowerPoint's "Advance after" suggests.
  public static let defaultSecondsPerSlide = 5.0
  /// A step is on screen at least this long, however briefly it was rehearsed: a frame or two
  /// would flash.
  public static let shortestStep = 0.5

  /// `secondsPerSlide` wins over `rehearsal`; a slide the rehearsal does not know (or whose
  /// steps it counted otherwise: the deck changed since) takes the default share.
  public init(
    deck: Deck, shots: [SlideShot], rehearsal: RehearsalRun?, secondsPerSlide: Double?
  ) {
    let perSlide = secondsPerSlide ?? Self.defaultSecondsPerSlide
    let stepsShown = Dictionary(grouping: shots, by: \.slideIndex).mapValues(\.count)
    var now = 0.0
    var previous: SlideShot?
    for shot in shots {
      var seconds = perSlide / Double(max(1, stepsShown[shot.slideIndex] ?? 1))
      if secondsPerSlide == nil, let rehearsal, deck.slides.indices.contains(shot.slideIndex),
        let rehearsed = rehearsal.seconds(
          onSlide: shot.slideIndex, step: shot.step,
          stepCount: deck.slides[shot.slideIndex].stepCount)
      {
        seconds = rehearsed
        rehearsedScenes += 1
      }
      seconds = max(Self.shortestStep, seconds)
      var transition: TransitionPlay?
      if let previous {
        transition = TransitionPlay.between(
          deck, from: .init(slide: previous.slideIndex, step: previous.step),
          to: .init(slide: shot.slideIndex, step: shot.step), at: now)
        if var play = transition, play.seconds > seconds {
          play.seconds = seconds
          transition = play
        }
      }
      if previous?.slideIndex != shot.slideIndex, deck.slides.indices.contains(shot.slideIndex) {
        let title = deck.slides[shot.slideIndex].title ?? "Slide \(shot.slideIndex + 1)"
        chapters.add("\(shot.slideIndex + 1). \(title)", at: now)
      }
      scenes.append(Scene(shot: shot, start: now, seconds: seconds, transition: transition))
      now += seconds
      previous = shot
    }
    end = now
  }
}
