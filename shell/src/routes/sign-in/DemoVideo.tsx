import { Message } from '@claims/shared-kernel/ui/basics';
import { useState } from 'react';
import { getRuntimeConfig } from '@claims/shared-kernel';

export const VIDEO_ERROR = 'Error: cannot load video file';

/** The product video beside the sign-in form (runtime config demoVideoUrl). */
export function DemoVideo() {
  const [failed, setFailed] = useState(false);
  if (failed) return <Message>{VIDEO_ERROR}</Message>;
  return (
    <video
      src={getRuntimeConfig().demoVideoUrl}
      aria-label="Product demo"
      controls
      muted
      autoPlay
      loop
      playsInline
      onError={() => setFailed(true)}
      style={{ width: '100%', display: 'block', borderRadius: 8, background: '#000' }}
    />
  );
}
