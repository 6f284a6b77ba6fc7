#ifndef PODIUM_POPPLER_PICTURES_H
#define PODIUM_POPPLER_PICTURES_H

// A PDF page made only of pictures (scans, photos, slides exported as images), found through
// Poppler's own content-stream interpreter and handed over still compressed, so that Podium
// decodes it with libdeflate instead of Poppler's inflater, which takes 50-110 ms of a core
// for a 1080p picture. Any other mark on the page (text that shows, paths, clips, masks,
// transparency, shadings, annotations) and the page is not one: Poppler draws it as ever.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open PDF file, for one thread.
typedef struct podium_picture_file podium_picture_file;

/// A page's pictures, with their compressed bytes, owned until it is freed.
typedef struct podium_picture_page podium_picture_page;

/// One picture: samples as the PDF stores them (zlib, PNG predictors or none), where they go,
/// and how to read them.
typedef struct {
  /// The unit square onto the page as Poppler's cairo output draws it (points, y down,
  /// rotation and crop box applied): x = a*u + c*v + e, y = b*u + d*v + f, the picture's first
  /// row at v = 1.
  double matrix[6];
  int width, height;
  /// Samples a pixel: 1 (grey, or a palette index) or 3 (RGB).
  int components;
  /// Bits a sample: 8, or 1, 2 or 4 for a palette's indices.
  int bits;
  /// 1: rows as they are; 10-15: each row after a PNG filter byte.
  int predictor;
  /// The PDF asks for smoothing when scaled up (`/Interpolate true`).
  int interpolate;
  /// For a palette: `palette_count` RGB triples; otherwise NULL.
  const unsigned char *palette;
  int palette_count;
  /// The zlib stream.
  const unsigned char *data;
  size_t count;
} podium_picture;

/// Opens `path` (NULL if Poppler cannot, or it is encrypted: its pictures are then drawn by
/// Poppler).
podium_picture_file *podium_picture_file_open(const char *path);
void podium_picture_file_close(podium_picture_file *file);

/// The pictures of the zero-based page `index`, if pictures are all it shows and each is one
/// Podium decodes (8-bit grey or RGB, or a palette of them, zlib-compressed, with no mask or
/// decode array, drawn opaque; 64 megapixels at most in all); NULL otherwise. A page found not
/// to be one is remembered.
podium_picture_page *podium_picture_page_read(podium_picture_file *file, int index);
int podium_picture_page_count(const podium_picture_page *page);
podium_picture podium_picture_page_picture(const podium_picture_page *page, int index);
void podium_picture_page_free(podium_picture_page *page);

#ifdef __cplusplus
}
#endif

#endif
