/// Podium's own version, shown by `podium --version`.
public enum PodiumVersion {
  public static let current = "0.1.0"
}
