// Poppler's core, for one question only: is a page pictures and nothing else, and what are
// their bytes? Its own interpreter reads the page (forms, optional content, annotations and
// graphics state included) into an output device that draws nothing and notes every call.

#include "CPopplerPictures.h"

#include <GfxState.h>
#include <GlobalParams.h>
#include <OutputDev.h>
#include <PDFDoc.h>
#include <Stream.h>

#include <cmath>
#include <memory>
#include <unordered_set>
#include <vector>

namespace {

/// A page whose pictures hold more pixels than Podium reads in any one picture (64 megapixels,
/// 256 MB decoded) is left to Poppler, which draws them one at a time.
constexpr long long mostPixels = 64LL << 20;

struct Picture {
  podium_picture described{};
  std::vector<unsigned char> palette;
  std::vector<unsigned char> data;
};

/// Reads a page's calls to an output device and keeps its pictures while nothing else shows.
class PictureFinder final : public OutputDev {
public:
  bool other = false;
  std::vector<Picture> pictures;
  long long pixels = 0;

  bool upsideDown() override { return true; }
  bool useDrawChar() override { return false; }
  bool interpretType3Chars() override { return false; }

  void stroke(GfxState *) override { other = true; }
  void fill(GfxState *) override { other = true; }
  void eoFill(GfxState *) override { other = true; }
  // A clip that leaves the whole page (the crop box Poppler itself clips to first) hides
  // nothing; any other may cut a picture.
  void clip(GfxState *state) override { other = other || !coversPage(state); }
  void eoClip(GfxState *state) override { other = other || !coversPage(state); }
  void clipToStrokePath(GfxState *) override { other = true; }
  // Text shows unless it is invisible (render mode 3), as a scan's recognised text is.
  void beginStringOp(GfxState *state) override { noteText(state); }
  void drawString(GfxState *state, const GooString *) override { noteText(state); }
  void drawImageMask(GfxState *state, Object *ref, Stream *str, int width, int height,
                     bool invert, bool interpolate, bool inlineImg) override {
    other = true;
    // The base skips an inline image's bytes, so the content stream reads on.
    OutputDev::drawImageMask(state, ref, str, width, height, invert, interpolate, inlineImg);
  }
  void setSoftMaskFromImageMask(GfxState *, Object *, Stream *, int, int, bool, bool,
                                double *) override {
    other = true;
  }
  void drawMaskedImage(GfxState *, Object *, Stream *, int, int, GfxImageColorMap *, bool,
                       Stream *, int, int, bool, bool) override {
    other = true;
  }
  void drawSoftMaskedImage(GfxState *, Object *, Stream *, int, int, GfxImageColorMap *, bool,
                           Stream *, int, int, GfxImageColorMap *, bool) override {
    other = true;
  }
  void beginTransparencyGroup(GfxState *, const double *, GfxColorSpace *, bool, bool,
                              bool) override {
    other = true;
  }
  void setSoftMask(GfxState *, const double *, bool, Function *, GfxColor *) override {
    other = true;
  }

  void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                 GfxImageColorMap *colorMap, bool interpolate, const int *maskColors,
                 bool inlineImg) override {
    if (inlineImg || other || !keep(state, str, width, height, colorMap, interpolate, maskColors)) {
      other = true;
      if (inlineImg) {
        OutputDev::drawImage(state, ref, str, width, height, colorMap, interpolate, maskColors,
                             inlineImg);
      }
    }
  }

private:
  void noteText(GfxState *state) { other = other || state->getRender() != 3; }

  /// Whether the current path is a rectangle, upright on the page, around all of it.
  static bool coversPage(GfxState *state) {
    const GfxPath *path = state->getPath();
    if (path->getNumSubpaths() != 1) return false;
    const GfxSubpath *subpath = path->getSubpath(0);
    int points = subpath->getNumPoints();
    if (points < 4 || points > 5) return false;
    double xMin = INFINITY, yMin = INFINITY, xMax = -INFINITY, yMax = -INFINITY;
    double xs[5], ys[5];
    for (int i = 0; i < points; i++) {
      if (subpath->getCurve(i)) return false;
      state->transform(subpath->getX(i), subpath->getY(i), &xs[i], &ys[i]);
      xMin = std::min(xMin, xs[i]);
      xMax = std::max(xMax, xs[i]);
      yMin = std::min(yMin, ys[i]);
      yMax = std::max(yMax, ys[i]);
    }
    // Each side upright: every corner on the box's edges.
    for (int i = 0; i < points; i++) {
      bool onX = std::fabs(xs[i] - xMin) < 0.01 || std::fabs(xs[i] - xMax) < 0.01;
      bool onY = std::fabs(ys[i] - yMin) < 0.01 || std::fabs(ys[i] - yMax) < 0.01;
      if (!onX || !onY) return false;
    }
    return xMin <= 0.01 && yMin <= 0.01 && xMax >= state->getPageWidth() - 0.01 &&
           yMax >= state->getPageHeight() - 0.01;
  }

  static int integer(Dict *dict, const char *key, const char *abbreviation, int otherwise) {
    Object value = dict->lookup(key);
    if (value.isNull() && abbreviation) value = dict->lookup(abbreviation);
    return value.isInt() ? value.getInt() : otherwise;
  }

  bool keep(GfxState *state, Stream *str, int width, int height, GfxImageColorMap *colorMap,
            bool interpolate, const int *maskColors) {
    if (maskColors || width <= 0 || height <= 0 ||
        pixels + (long long)width * height > mostPixels || state->getFillOpacity() < 1 ||
        state->getBlendMode() != gfxBlendNormal)
      return false;
    // One filter, zlib, straight over the file's bytes (no decryption, no other filter).
    Stream *base = str->getNextStream();
    if (str->getKind() != strFlate || !base ||
        (base->getKind() != strFile && base->getKind() != strCachedFile))
      return false;
    Dict *dict = str->getDict();
    if (!dict) return false;
    Object decode = dict->lookup("Decode");
    if (decode.isNull()) decode = dict->lookup("D");
    if (!decode.isNull()) return false;

    Picture picture;
    podium_picture &described = picture.described;
    GfxColorSpace *space = colorMap->getColorSpace();
    described.bits = colorMap->getBits();
    switch (space->getMode()) {
    case csDeviceGray:
    case csDeviceRGB:
      described.components = space->getMode() == csDeviceRGB ? 3 : 1;
      if (described.bits != 8) return false;
      break;
    case csIndexed: {
      auto *indexed = static_cast<GfxIndexedColorSpace *>(space);
      GfxColorSpaceMode baseMode = indexed->getBase()->getMode();
      if (baseMode != csDeviceGray && baseMode != csDeviceRGB) return false;
      if (described.bits != 1 && described.bits != 2 && described.bits != 4 && described.bits != 8)
        return false;
      int count = indexed->getIndexHigh() + 1;
      int baseComponents = baseMode == csDeviceRGB ? 3 : 1;
      const unsigned char *lookup = indexed->getLookup();
      picture.palette.resize(3 * count);
      for (int i = 0; i < count; i++) {
        for (int c = 0; c < 3; c++) {
          picture.palette[3 * i + c] = lookup[i * baseComponents + (baseComponents == 3 ? c : 0)];
        }
      }
      described.components = 1;
      described.palette_count = count;
      break;
    }
    default:
      return false;
    }

    // PNG's predictors or none; TIFF's (2) is left to Poppler.
    Object parameters = dict->lookup("DecodeParms");
    if (parameters.isNull()) parameters = dict->lookup("DP");
    if (parameters.isArray() && parameters.arrayGetLength() == 1) parameters = parameters.arrayGet(0);
    described.predictor = 1;
    if (parameters.isDict()) {
      Dict *given = parameters.getDict();
      described.predictor = integer(given, "Predictor", nullptr, 1);
      if (described.predictor >= 10 &&
          (integer(given, "Colors", nullptr, 1) != described.components ||
           integer(given, "BitsPerComponent", nullptr, 8) != described.bits ||
           integer(given, "Columns", nullptr, 1) != width))
        return false;
    } else if (!parameters.isNull()) {
      return false;
    }
    if (described.predictor != 1 && (described.predictor < 10 || described.predictor > 15))
      return false;

    base->reset();
    unsigned char buffer[1 << 16];
    int read;
    while ((read = base->doGetChars(sizeof buffer, buffer)) > 0) {
      picture.data.insert(picture.data.end(), buffer, buffer + read);
    }
    base->close();
    if (picture.data.empty()) return false;

    // A picture squeezed to nothing, or placed by a broken matrix, is Poppler's to skip.
    const double *matrix = state->getCTM();
    double determinant = matrix[0] * matrix[3] - matrix[1] * matrix[2];
    for (int i = 0; i < 6; i++) {
      if (!std::isfinite(matrix[i])) return false;
    }
    if (!std::isfinite(determinant) || std::fabs(determinant) < 1e-6) return false;
    for (int i = 0; i < 6; i++) described.matrix[i] = matrix[i];
    described.width = width;
    described.height = height;
    described.interpolate = interpolate ? 1 : 0;
    pixels += (long long)width * height;
    pictures.push_back(std::move(picture));
    return true;
  }
};

/// Stops Poppler reading a page once something other than a picture showed.
bool stopOnceNotPictures(void *finder) { return static_cast<PictureFinder *>(finder)->other; }

/// Poppler's messages about a damaged file: Poppler draws such pages, and says so there.
void quiet(ErrorCategory, Goffset, const char *) {}

} // namespace

struct podium_picture_file {
  /// Poppler's global parameters, counted: they last while any of its documents does, this
  /// one's or poppler-glib's.
  GlobalParamsIniter parameters{quiet};
  std::unique_ptr<PDFDoc> document;
  std::unordered_set<int> notPictures;
};

struct podium_picture_page {
  std::vector<Picture> pictures;
};

podium_picture_file *podium_picture_file_open(const char *path) {
  if (!path) return nullptr;
  auto file = std::make_unique<podium_picture_file>();
  file->document = std::make_unique<PDFDoc>(std::make_unique<GooString>(path));
  if (!file->document->isOk() || file->document->isEncrypted()) return nullptr;
  return file.release();
}

void podium_picture_file_close(podium_picture_file *file) { delete file; }

podium_picture_page *podium_picture_page_read(podium_picture_file *file, int index) {
  if (!file || index < 0 || index >= file->document->getNumPages() ||
      file->notPictures.count(index))
    return nullptr;
  PictureFinder finder;
  // As poppler-glib's poppler_page_render_for_printing reads it: 72 dpi, the page's own
  // rotation, the crop box, annotations that print.
  file->document->displayPageSlice(&finder, index + 1, 72, 72, 0, false, true, true, -1, -1, -1,
                                   -1, stopOnceNotPictures, &finder);
  if (finder.other || finder.pictures.empty()) {
    file->notPictures.insert(index);
    return nullptr;
  }
  auto *page = new podium_picture_page;
  page->pictures = std::move(finder.pictures);
  for (Picture &picture : page->pictures) {
    picture.described.data = picture.data.data();
    picture.described.count = picture.data.size();
    picture.described.palette = picture.palette.empty() ? nullptr : picture.palette.data();
  }
  return page;
}

int podium_picture_page_count(const podium_picture_page *page) {
  return page ? (int)page->pictures.size() : 0;
}

podium_picture podium_picture_page_picture(const podium_picture_page *page, int index) {
  return page->pictures[index].described;
}

void podium_picture_page_free(podium_picture_page *page) { delete page; }
