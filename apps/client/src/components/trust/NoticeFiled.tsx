import { Anchor, Code, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SuccessAlert } from '../SuccessAlert';
import { noticeStatusPath } from './notice-reasons';

/** What a reporter keeps: the notice's reference, and the page where its outcome will show. */
export function NoticeFiled({ reference }: { reference: string }) {
  return (
    <SuccessAlert title="Report received">
      <Text size="sm">
        Your reference is <Code data-testid="notice-reference">{reference}</Code>. Keep it: our moderators
        decide every report, and the decision and its reasons will show on{' '}
        <Anchor component={Link} to={noticeStatusPath(reference)} size="sm">
          the status page of your report
        </Anchor>
        .
      </Text>
    </SuccessAlert>
  );
}
