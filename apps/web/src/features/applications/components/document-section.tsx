import { Anchor, Button, Code, CopyButton, Group, Text } from '@mantine/core';
import type { Application, ApplicationStatus } from '@mohar/contracts';
import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationDocumentPreview } from '@/components/application/application-document-preview';
import { FileDownloadButton } from '@/components/file-download-button';
import { HoverHint } from '@/components/hover-hint';
import { OwnerSignaturePlaces } from '@/components/signature-places/owner-signature-places';
import { paths } from '@/config/paths';
import { getApplicationDocument } from '@/lib/application-document';
import { formatFileSize, formatNotificationDate } from '@/lib/format';
import { shortHash } from '../lib/application-view';
import classes from './applications.module.css';
import { DownloadButton } from './download-button';
import { DetailList, ViewSection } from './view-section';

function Fingerprint({ sha256 }: { sha256: string }) {
  const { t } = useTranslation('applications');
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      <HoverHint label={sha256} maxWidth="20rem">
        {(hintId) => (
          <Code className={classes.hash} aria-describedby={hintId} data-testid="document-sha256">
            {shortHash(sha256)}
          </Code>
        )}
      </HoverHint>
      <CopyButton value={sha256}>
        {({ copied, copy }) => (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={copy}
            leftSection={
              copied ? <Check size={12} aria-hidden="true" /> : <Copy size={12} aria-hidden="true" />
            }
            aria-label={copied ? t('document.copied') : t('document.copyHash')}
          >
            {copied ? t('document.copiedShort') : t('document.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The uploaded PDF: its facts, its fingerprint, a preview on request, its download and the notarised one's. */
/** After submission and until the session starts the owner can still say where everyone signs. */
const PLACES_EDITABLE: readonly ApplicationStatus[] = [
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
];

export function DocumentSection({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const { document } = application;

  if (!document) {
    const canUpload = application.viewerRole === 'owner' && application.allowedActions.includes('edit');
    return (
      <ViewSection id="document" title={t('document.title')} testId="application-document">
        <Text size="sm">{t('document.none')}</Text>
        {canUpload && (
          <Anchor component={Link} to={paths.applications.edit(application._id, 'document')} size="sm">
            {t('document.upload')}
          </Anchor>
        )}
      </ViewSection>
    );
  }

  return (
    <ViewSection id="document" title={t('document.title')} testId="application-document">
      <DetailList
        rows={[
          [t('document.fileName'), document.fileName],
          [t('document.pages'), t('document.pageCount', { count: document.pages })],
          [t('document.size'), formatFileSize(document.sizeBytes)],
          [t('document.uploaded'), `${formatNotificationDate(document.uploadedAt)} IST`],
          [t('document.fingerprint'), <Fingerprint key="sha" sha256={document.sha256} />],
        ]}
      />
      <Text size="xs" c="dimmed">
        {t('document.fingerprintHint')}
      </Text>
      <Group gap="sm">
        <Button
          variant="light"
          size="sm"
          leftSection={
            isPreviewOpen ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />
          }
          aria-expanded={isPreviewOpen}
          aria-controls="document-preview"
          onClick={() => setIsPreviewOpen((open) => !open)}
          data-testid="document-preview-toggle"
        >
          {isPreviewOpen ? t('document.hidePreview') : t('document.showPreview')}
        </Button>
        <DownloadButton
          id={application._id}
          status={application.status}
          title={application.title}
          label={t('document.downloadNotarised')}
          size="sm"
        />
        <FileDownloadButton
          fetchFile={() => getApplicationDocument(application._id)}
          fileName={document.fileName}
          label={t('document.download')}
          failedTitle={t('download.failed')}
          size="sm"
          testId="document-original-download"
        />
      </Group>
      {application.viewerRole === 'owner' && PLACES_EDITABLE.includes(application.status) && (
        <OwnerSignaturePlaces applicationId={application._id} document={document} />
      )}
      <div id="document-preview">
        {isPreviewOpen && (
          <ApplicationDocumentPreview
            applicationId={application._id}
            document={document}
            maxHeight="min(80vh, 900px)"
          />
        )}
      </div>
    </ViewSection>
  );
}
