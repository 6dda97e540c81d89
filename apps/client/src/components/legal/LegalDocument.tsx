import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Children, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getContactUrl } from '../../lib/contact-url';
import classes from './LegalDocument.module.css';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** The frame of the terms and privacy pages: a title, an introduction and numbered sections. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  useDocumentTitle(`${title} · ExRated`);
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Paper withBorder radius="lg" className={`glass-card ${classes.paper}`}>
        <Stack gap={6} mb="xl">
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Last updated {lastUpdated}
          </Text>
        </Stack>
        <div className={classes.prose}>{intro}</div>
        {sections.map((section, index) => (
          <section key={section.heading} className={classes.section}>
            <Title order={2} className={classes.heading}>
              {index + 1}. {section.heading}
            </Title>
            <div className={classes.prose}>{section.body}</div>
          </section>
        ))}
      </Paper>
    </Container>
  );
}

/** A bulleted list in legal prose. */
export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={6} className={classes.list}>
      {/* Children.map keys each item itself: the list is static prose that never reorders. */}
      {Children.map(items, (item) => (
        <List.Item>{item}</List.Item>
      ))}
    </List>
  );
}

/** The 'Contact Us' form link, opened in a new tab like the footer's. */
export function ContactFormLink({ children = 'contact form' }: { children?: ReactNode }) {
  return (
    <Anchor href={getContactUrl()} target="_blank" rel="noopener noreferrer" underline="always">
      {children}
    </Anchor>
  );
}

/** A link to another page of the app, styled like the rest of the legal prose's links. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} underline="always">
      {children}
    </Anchor>
  );
}
