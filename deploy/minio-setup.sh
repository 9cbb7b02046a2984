#!/bin/sh
# Run once by compose.yaml's minio-setup (minio/mc image) on every `docker compose up`: each step may run again.
# The bucket Mohar stores its (encrypted) files in, and an account `mohar` that may use that bucket and nothing else.
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing local/mohar
cat > /tmp/mohar-bucket.json <<'POLICY'
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::mohar"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::mohar/*"]
    }
  ]
}
POLICY
mc admin policy create local mohar-bucket /tmp/mohar-bucket.json
# Creates the account, or sets its secret again (S3_SECRET_ACCESS_KEY may have changed).
mc admin user add local mohar "$S3_SECRET_ACCESS_KEY"
if ! mc admin user info local mohar | grep -q 'mohar-bucket'; then
  mc admin policy attach local mohar-bucket --user mohar
fi
