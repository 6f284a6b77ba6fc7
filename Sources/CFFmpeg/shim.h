#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

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
