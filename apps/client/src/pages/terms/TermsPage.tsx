import {
  ContactFormLink,
  LegalDocument,
  LegalList,
  type LegalSection,
  PageLink,
} from '../../components/legal/LegalDocument';
import { AnonymityStatement } from '../../components/trust/AnonymitySettings';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    body: (
      <>
        <p>
          By using ExRated you agree to these Terms & Conditions and to our{' '}
          <PageLink to="/privacy">Privacy Policy</PageLink>. If you do not agree, please do not use the
          service.
        </p>
        <p>
          You must be at least 18 years old to use ExRated. ExRated is a beta service: features may change and
          may sometimes be unavailable.
        </p>
      </>
    ),
  },
  {
    heading: 'User Conduct',
    body: (
      <>
        <p>ExRated is for honest reflections on real relationships. When you use it, you must not:</p>
        <LegalList
          items={[
            'post false, defamatory or harassing content, or use a rating to bully, shame or intimidate anyone;',
            'stalk, track or try to identify, locate or contact anyone through the service;',
            'impersonate another person, or rate someone you have not actually dated;',
            'rate the same person excessively or coordinate ratings with others to pile on someone;',
            'manipulate ratings or scores, use automated tools, or try to bypass, probe or break our security, verification or limits.',
          ]}
        />
        <p>We may remove content and block access for anyone who breaks these rules.</p>
      </>
    ),
  },
  {
    heading: 'Content Guidelines',
    body: (
      <>
        <p>Everything you write on ExRated, including names and reviews, must follow these rules:</p>
        <LegalList
          items={[
            'No full names: use a first name and last initial only (for example "Alex S.").',
            'No contact information: no phone numbers, email addresses, home or work addresses, links or social media handles in your texts.',
            'No explicit sexual content.',
            'No hate speech, and nothing that attacks people for their race, ethnicity, religion, gender, sexual orientation, disability or any other protected characteristic.',
            'No threats of violence or harm of any kind.',
          ]}
        />
        <p>
          We check texts against these rules when they are submitted: a text that breaks them is refused with
          a message saying which rule, and a text that may threaten someone or reveal where they live or work
          is held until a moderator has reviewed it. A held rating is not shown, counted or texted until then.
        </p>
        <p>
          Anyone can report content that breaks these rules, or a rating that is not about the person it was
          sent to: from the page a text links to, with the Report button in My Ratings, or on our{' '}
          <PageLink to="/report">Report content</PageLink> page. Every report gets a reference and a status
          page. Our moderators decide each report and each held rating: they keep, hide or delete the rating,
          and give the reason for the decision to the person who reported it and to its author. A hidden
          review is neither shown nor counted in the score. The author of a hidden or held rating can appeal
          once, from My Ratings. We publish the number of reports, decisions and appeals every month in our{' '}
          <PageLink to="/transparency">transparency report</PageLink>.
        </p>
        <p>
          The owner of a verified number can choose 'Do not rate me' in Settings: nobody can rate that number
          while it is on.
        </p>
      </>
    ),
  },
  {
    heading: 'Privacy and Anonymity',
    body: (
      <>
        <p>
          Ratings are anonymous: the person you rate is told by text that their relationship was rated, but
          never who rated it. Anyone who gets such a text can stop further texts about ratings with one tap on
          the page it links to, or by replying STOP. We keep your phone number private and use it only as
          described in our <PageLink to="/privacy">Privacy Policy</PageLink>. Anonymity is not a licence to
          break these terms: we keep the records needed to enforce them and to respond to lawful requests.
        </p>
        <AnonymityStatement />
      </>
    ),
  },
  {
    heading: 'Modification of Service',
    body: (
      <p>
        We may change, suspend or stop any part of ExRated at any time, including during maintenance, and we
        may limit how often features can be used to keep the service fair and safe. We will try to keep
        disruption to a minimum, but we cannot promise that the service will always be available.
      </p>
    ),
  },
  {
    heading: 'Limitation of Liability',
    body: (
      <>
        <p>
          Ratings and reviews are the opinions of the people who write them, not of ExRated. We do not verify
          what users say about their relationships, and you use the service at your own risk.
        </p>
        <p>
          ExRated is provided "as is" and "as available". To the fullest extent the law allows, we are not
          liable for indirect, incidental or consequential damages, or for content posted by users.
        </p>
      </>
    ),
  },
  {
    heading: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms from time to time. When we do, we change the date at the top of this page;
        for significant changes we will give notice on the site. Using ExRated after a change means you accept
        the updated terms.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms? Reach us through our <ContactFormLink />. To report content that breaks
        them, use our <PageLink to="/report">Report content</PageLink> page.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms & Conditions"
      lastUpdated="25 November 2026"
      intro={
        <p>
          These terms explain the rules for using ExRated, a service where people rate their past
          relationships anonymously. Please read them carefully.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
