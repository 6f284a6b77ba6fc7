import Foundation
import PodiumCore

/// The clips and animated pictures of the slide the room sees. Clips are opened when it shows
/// and played (unless `noautoplay`); stopped when it goes (a clip marked `resume` remembers where
/// it was); paused while the room sees a blank or a frozen slide, and going on where they were
/// when the slide is back, since a speaker blanks to talk, not to skip part of the clip; driven
/// by the speaker's keys. Sound goes to the audio device unless the clip is `muted`; the console
/// shows the same pictures without a sound of its own. Animations start from their first frame
/// each time the slide shows and hold while the room's view does.
final class TalkVideos {
  private let playback: (any VideoPlayback)?
  private let images: ImageLibrary
  private var animations: [String: Animation] = [:]
  private let record: (TraceEvent) -> Void
  private var clips: [Clip] = []
  /// Where `resume` clips were left, by slide and file.
  private var resumeAt: [String: Double] = [:]
  private var sound: SoundOutput?
  private var soundProblem: String?
  /// What the windows were last given: a picture's identity or a frame's number, by file.
  private var drawn: [String: String] = [:]
  /// Whether the deck shows clips or animations at all, for the deck version last asked about.
  private var motionInDeck: (version: Int, any: Bool)?
  /// The clips `follow` took off and the clips of the slide on show it left waiting, for
  /// `finishFollowing`; and whether the room sees that slide (not a blank or a frozen one).
  private var leaving: [Clip] = []
  private var waiting: (slide: Int, items: [ImageItem])?
  private var live = true

  private struct Clip {
    var slide: Int
    var item: ImageItem
    var player: any ClipPlayer
    /// Playing when the room's view was blanked or frozen: to go on when it is back.
    var held = false

    var resumeKey: String { "\(slide) \(item.path)" }
  }

  /// An animated picture of the slide on show: its frames' timeline, and its time so far.
  private struct Animation {
    var slide: Int
    var timeline: AnimationTimeline
    /// Seconds played before `since`, and when it last started playing (nil: held).
    var played = 0.0
    var since: Double?

    func elapsed(at now: Double) -> Double { played + (since.map { now - $0 } ?? 0) }
  }

  init(
    playback: (any VideoPlayback)?, images: ImageLibrary,
    record: @escaping (TraceEvent) -> Void
  ) {
    self.playback = playback
    self.images = images
    self.record = record
  }

  private static func now() -> Double { ProcessInfo.processInfo.systemUptime }

  /// Whether the session's deck has clips or animations to play (found once per version of the
  /// deck).
  func hasMotion(_ session: TalkSession) -> Bool {
    if let known = motionInDeck, known.version == session.deckVersion { return known.any }
    let any = session.deck.hasMotion
    motionInDeck = (session.deckVersion, any)
    return any
  }

  /// Follows what the room sees: `slide` (nil for none) and the clips and animations its frame
  /// draws; `live` false while the room sees a blank or a frozen slide. Clips that leave go
  /// silent and out of the pictures, and the slide's new clips wait, until `finishFollowing`:
  /// at once, or with `finishing` false after a move's frames are out, so that decoders ending
  /// and starting do not compete with those frames for this machine's cores.
  func follow(slide: Int?, items: [ImageItem], live: Bool, finishing: Bool = true) {
    followAnimations(slide: slide, items: items.filter { $0.animation != nil }, live: live)
    let clipItems = items.filter { $0.video != nil }
    let wanted = Set(clipItems.map(\.path))
    let gone = { (clip: Clip) in clip.slide != slide || !wanted.contains(clip.item.path) }
    leaving += clips.filter(gone)
    clips.removeAll(where: gone)
    self.live = live
    waiting = slide.map { slide in
      (slide, clipItems.filter { item in !clips.contains { $0.item.path == item.path } })
    }
    if finishing { finishFollowing() } else { playOrHold() }
  }

  /// Stops the clips `follow` took off, and opens the slide's clips it left waiting and plays
  /// them (unless `noautoplay`).
  func finishFollowing() {
    for clip in leaving { stop(clip) }
    leaving.removeAll()
    if let (slide, items) = waiting, let playback {
      for item in items {
        guard let video = item.video else { continue }
        let withSound = !video.muted && video.stream?.audioCodec != nil && openSound()
        guard
          let player = playback.open(
            path: item.path, clip: video, sound: withSound, wake: TalkInput.announceVideoFrame)
        else { continue }
        var clip = Clip(slide: slide, item: item, player: player)
        if video.resume, let place = resumeAt[clip.resumeKey] { player.seek(to: place) }
        if video.autoplay {
          if live { player.play() } else { clip.held = true }
        }
        clips.append(clip)
        if player.isPlaying { trace("play", clip) }
      }
    }
    waiting = nil
    playOrHold()
  }

  /// Holds the clips while the room's view is blank or frozen, and plays those held when it is
  /// back; the sound goes with the clips that play.
  private func playOrHold() {
    for index in clips.indices {
      if !live, clips[index].player.isPlaying {
        clips[index].player.pause()
        clips[index].held = true
        trace("pause", clips[index])
      } else if live, clips[index].held {
        clips[index].held = false
        clips[index].player.play()
        trace("play", clips[index])
      }
    }
    sound?.play(clips.map(\.player).filter(\.hasSound))
  }

  /// Starts the animations of a slide that has just shown, holds them while the room's view is
  /// blank or frozen, and lets go of those of slides gone.
  private func followAnimations(slide: Int?, items: [ImageItem], live: Bool) {
    let now = Self.now()
    animations = animations.filter { path, animation in
      animation.slide == slide && items.contains { $0.path == path }
    }
    guard let slide else { return }
    for item in items where animations[item.path] == nil {
      guard let decoded = images.animation(at: item.path), let header = item.animation else {
        continue
      }
      animations[item.path] = Animation(
        slide: slide, timeline: AnimationTimeline(delays: decoded.delays, plays: header.plays),
        since: live ? now : nil)
    }
    for path in animations.keys {
      guard var animation = animations[path] else { continue }
      if live, animation.since == nil {
        animation.since = now
      } else if !live, let since = animation.since {
        animation.played += now - since
        animation.since = nil
      }
      animations[path] = animation
    }
  }

  /// The speaker's keys, for every clip of the slide on show.
  func handle(_ commands: [VideoCommand]) {
    for command in commands {
      for clip in clips {
        switch command {
        case .playPause:
          if clip.player.isPlaying { clip.player.pause() } else { clip.player.play() }
          trace(clip.player.isPlaying ? "play" : "pause", clip)
        case .seek(let seconds):
          clip.player.seek(to: clip.player.position + seconds)
          trace("seek", clip)
        case .restart:
          clip.player.seek(to: clip.item.video?.start ?? 0)
          trace("seek", clip)
        }
      }
    }
  }

  /// What each clip and animation shows now, by file: what the windows draw in place of posters
  /// and first frames.
  func pictures() -> [String: LivePicture] {
    var pictures: [String: LivePicture] = [:]
    for clip in clips {
      if let picture = clip.player.currentPicture() { pictures[clip.item.path] = .video(picture) }
    }
    let now = Self.now()
    for (path, animation) in animations {
      pictures[path] = .frame(animation.timeline.frame(at: animation.elapsed(at: now)).index)
    }
    return pictures
  }

  /// What the windows have not drawn yet, if anything changed; takes note that they will now.
  func takeNewPictures() -> [String: LivePicture]? {
    let now = pictures()
    let identities = now.mapValues { picture -> String in
      switch picture {
      case .video(let picture): return "\(ObjectIdentifier(picture))"
      case .frame(let index): return "frame \(index)"
      }
    }
    guard identities != drawn else { return nil }
    drawn = identities
    return now
  }

  /// Milliseconds until a clip's next picture or an animation's next frame is due, for the
  /// loop's sleep; nil when none is.
  var millisecondsToNextPicture: Int32? {
    let now = Self.now()
    let frames = animations.values.compactMap { animation -> Double? in
      guard animation.since != nil else { return nil }
      return animation.timeline.frame(at: animation.elapsed(at: now)).untilNext
    }
    let due = (clips.compactMap(\.player.nextPictureDue) + frames).min()
    return due.map { Int32(max(1, min(1000, ($0 * 1000).rounded(.up)))) }
  }

  /// The line the console shows for the slide's clips (`▶ 0:12 / 0:30`), nil without clips.
  var consoleLine: String? {
    guard let clip = clips.first else { return nil }
    let video = clip.item.video
    let start = video?.start ?? 0
    let state = clip.player.isPlaying ? "▶" : "❚❚"
    var line =
      "\(state) \(ConsoleStatus.format(clip.player.position - start)) / "
      + ConsoleStatus.format(clip.player.duration)
    if !clip.player.hasSound, video?.muted == false, video?.stream?.audioCodec != nil,
      soundProblem != nil
    {
      line += " · no sound"
    }
    return line
  }

  /// Stops every clip (the talk ends, or the deck changed).
  func stopAll() {
    for clip in clips + leaving { stop(clip) }
    clips.removeAll()
    leaving.removeAll()
    waiting = nil
    animations.removeAll()
    sound?.play([])
  }

  /// Closes the audio device; after `stopAll`.
  func close() {
    sound?.close()
    sound = nil
  }

  private func stop(_ clip: Clip) {
    if clip.item.video?.resume == true { resumeAt[clip.resumeKey] = clip.player.position }
    trace("stop", clip)
    clip.player.stop()
  }

  /// Opens the audio device once; false (and the reason kept for the console) when there is none.
  private func openSound() -> Bool {
    if sound != nil { return true }
    if soundProblem != nil { return false }
    switch SoundOutput.open() {
    case .success(let output):
      sound = output
      return true
    case .failure(let error):
      // Once, on the terminal: the console says "no sound" beside the clip.
      soundProblem = "\(error)"
      let message = "podium: no sound for videos (they play silent): \(error)\n"
      FileHandle.standardError.write(Data(message.utf8))
      return false
    }
  }

  private func trace(_ action: String, _ clip: Clip) {
    let (shown, dropped) = clip.player.counts
    record(
      .video(
        .init(
          action: action, file: (clip.item.path as NSString).lastPathComponent,
          slide: clip.slide + 1, position: clip.player.position, shown: shown, dropped: dropped,
          sound: clip.player.hasSound)))
  }
}
