import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import classes from './NotFoundPage.module.css';

export function NotFoundPage() {
  useDocumentTitle('Page not found · ExRated');
  return (
    <Container size="sm" py={{ base: 64, sm: 112 }}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} className={classes.code}>
          404
        </Title>
        <Text size="lg" c="gray.3">
          This page doesn't exist... just like your ex's loyalty.
        </Text>
        <Button component={Link} to="/" {...PRIMARY_ACTION_PROPS} mt="sm">
          Take me home
        </Button>
      </Stack>
    </Container>
  );
}
