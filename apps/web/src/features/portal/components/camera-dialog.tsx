import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type CameraFacing, useCamera } from '../hooks/use-camera';
import { useQrScan } from '../hooks/use-qr-scan';
import { type Photo, photoFromVideo } from '../lib/photo';
import classes from './identity.module.css';

/**
 * A camera in a dialog (full screen on a phone): the live picture and one button to take it. A selfie is shown
 * mirrored, as people expect a mirror, and taken the right way round.
 */
export function CameraDialog(props: {
  opened: boolean;
  facing: CameraFacing;
  title: string;
  hint: string;
  /** Look for a Secure QR in the picture and take the photo by itself when one is found (the back of the card). */
  scansQr?: boolean;
  onClose: () => void;
  onCapture: (photo: Photo, qrText?: string) => void;
}) {
  const { t } = useTranslation('portal');
  const camera = useCamera({ facing: props.facing, isOn: props.opened });

  const take = (qrText?: string) => {
    const video = camera.videoRef.current;
    if (!video || !camera.isReady || video.videoWidth === 0) return;
    props.onCapture(photoFromVideo(video), qrText);
  };
  const scan = useQrScan({
    videoRef: camera.videoRef,
    isOn: Boolean(props.scansQr) && props.opened && camera.isReady,
    onFound: take,
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size="lg"
      fullScreen={window.matchMedia?.('(max-width: 36em)').matches ?? false}
      closeButtonProps={{ 'aria-label': t('identity.close') }}
      data-testid="camera-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{props.hint}</Text>
        {camera.problem ? (
          <Alert color="yellow" data-testid="camera-problem" data-problem={camera.problem}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(`identity.camera.problem.${camera.problem}`)}</Text>
              <Button size="xs" variant="light" onClick={camera.retry}>
                {t('identity.camera.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <div className={classes.viewfinder}>
            <video
              ref={camera.videoRef}
              className={props.facing === 'user' ? `${classes.video} ${classes.mirrored}` : classes.video}
              playsInline
              muted
              aria-label={t('identity.camera.preview')}
              data-testid="camera-video"
            />
            {!camera.isReady && (
              <div className={classes.viewfinderWaiting}>
                <Loader size="sm" aria-label={t('identity.camera.starting')} />
              </div>
            )}
          </div>
        )}
        {scan !== 'off' && !camera.problem && (
          <Group gap="xs" role="status" data-testid="qr-scan" data-state={scan}>
            {scan === 'looking' && <Loader size="xs" />}
            <Text size="sm">{t(`identity.camera.scan.${scan}`)}</Text>
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('identity.cancel')}
          </Button>
          <Button
            leftSection={<Camera size={18} />}
            onClick={() => take()}
            disabled={!camera.isReady || camera.problem !== null}
            data-testid="camera-take"
          >
            {t('identity.camera.take')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
