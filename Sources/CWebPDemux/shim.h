#include <webp/demux.h>

// libwebp's inline wrappers take the ABI version as a macro; these are what Swift can call.
static inline int podium_webp_anim_decoder_options_init(WebPAnimDecoderOptions *options) {
  return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *podium_webp_anim_decoder_new(
    const WebPData *data, const WebPAnimDecoderOptions *options) {
  return WebPAnimDecoderNew(data, options);
}
