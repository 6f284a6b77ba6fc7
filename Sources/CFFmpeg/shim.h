#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavdevice/avdevice.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

// Cameras and other devices as inputs (`--camera /dev/video0`); registering twice is harmless.
static inline void podium_register_devices(void) { avdevice_register_all(); }

// FFmpeg's function-like macros, which Swift does not import.
static inline int podium_av_error_again(void) { return AVERROR(EAGAIN); }
static inline int podium_av_error_eof(void) { return AVERROR_EOF; }
static inline int64_t podium_av_no_timestamp(void) { return AV_NOPTS_VALUE; }
static inline int64_t podium_av_time_base(void) { return AV_TIME_BASE; }

// A frame's planes and pitches as the arrays sws_scale takes (Swift sees them as tuples).
static inline const uint8_t *const *podium_frame_planes(const AVFrame *frame) {
  return (const uint8_t *const *)frame->data;
}
static inline uint8_t *const *podium_frame_planes_mutable(AVFrame *frame) {
  return (uint8_t *const *)frame->data;
}
static inline const int *podium_frame_pitches(const AVFrame *frame) { return frame->linesize; }
static inline const uint8_t **podium_frame_samples(const AVFrame *frame) {
  return (const uint8_t **)frame->extended_data;
}

// A chapter added to a file being written (FFmpeg's own av_new_chapter is not public): the
// muxer writes the chapters in its trailer. Returns 0, or a negative AVERROR.
static inline int podium_add_chapter(AVFormatContext *context, int64_t id, AVRational time_base,
                                     int64_t start, int64_t end, const char *title) {
  AVChapter *chapter = av_mallocz(sizeof(AVChapter));
  if (!chapter) return AVERROR(ENOMEM);
  chapter->id = id;
  chapter->time_base = time_base;
  chapter->start = start;
  chapter->end = end;
  if (av_dict_set(&chapter->metadata, "title", title, 0) < 0) {
    av_free(chapter);
    return AVERROR(ENOMEM);
  }
  int count = (int)context->nb_chapters;
  av_dynarray_add(&context->chapters, &count, chapter);
  if (count == (int)context->nb_chapters) return AVERROR(ENOMEM);
  context->nb_chapters = (unsigned int)count;
  return 0;
}

// Whether a muxer wants codecs' global headers (MP4 and Matroska do).
static inline int podium_wants_global_header(const AVFormatContext *context) {
  return (context->oformat->flags & AVFMT_GLOBALHEADER) != 0;
}
static inline int podium_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int podium_avio_flag_write(void) { return AVIO_FLAG_WRITE; }
static inline int podium_needs_file(const AVFormatContext *context) {
  return (context->oformat->flags & AVFMT_NOFILE) == 0;
}
