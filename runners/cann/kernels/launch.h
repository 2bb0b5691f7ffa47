/* Host-side launch wrapper of the dcconf CANN kernels (defined in launch.asc, which the ASC compiler builds): one call
 * per kernel entry (DcconfCannEntry: the host's launch table picks it from the family and destination, and the
 * entry declares its core type), <<<1, nullptr, stream>>>. Returns 0, or -1 when this build has no such entry. */
#ifndef DCCONF_CANN_LAUNCH_H
#define DCCONF_CANN_LAUNCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
int dcconf_cann_launch(uint32_t entry, void* stream, uint8_t* tiling, uint8_t* src, uint8_t* dst, uint8_t* aux,
                       uint8_t* status);
#ifdef __cplusplus
}
#endif

#endif /* DCCONF_CANN_LAUNCH_H */
