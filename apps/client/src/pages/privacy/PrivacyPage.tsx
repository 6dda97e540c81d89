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
    heading: 'Information We Collect',
    body: (
      <>
        <p>We collect only what the service needs to work:</p>
        <LegalList
          items={[
            <>
              <strong>Phone numbers of rated people</strong>, entered by the person who writes a rating, so we
              can tell them they were rated and show the ratings to them.
            </>,
            <>
              <strong>Your verification phone number</strong>, when you verify it with a code we text you, and
              the display name you choose, if any.
            </>,
            <>
              <strong>Rating data</strong>: the first name and initial of the rated person, the relationship
              type, the scores and the written answers.
            </>,
            <>
              <strong>IP address and device information</strong> such as your browser's user agent, and a
              device session cookie that keeps you signed in on this device.
            </>,
          ]}
        />
        <p>We do not collect photos or identity documents, and we use no advertising trackers.</p>
      </>
    ),
  },
  {
    heading: 'How We Use Your Information',
    body: (
      <LegalList
        items={[
          'to send the text message that tells a person their relationship was rated, with a link to see it;',
          'to send verification codes and confirm that you own your phone number;',
          'to show you the ratings you received, once you have given 2 ratings and verified your number;',
          'to enforce our Terms & Conditions, prevent abuse and fraud, and limit how often features are used;',
          'to keep the service running, fix errors and keep records of important actions for security.',
        ]}
      />
    ),
  },
  {
    heading: 'Data Security and Retention',
    body: (
      <>
        <p>
          Data travels over encrypted connections. Verification codes are stored only in a protected form, and
          the session cookie cannot be read by scripts on the page. Access to stored data is restricted to the
          people who run the service.
        </p>
        <p>We keep data no longer than needed:</p>
        <LegalList
          items={[
            'verification codes expire after 10 minutes, or as soon as they are used;',
            'device sessions expire after 30 days without use, and end immediately when you log out;',
            'activity logs and error logs are deleted after 180 days by default (a period the operator can configure);',
            'ratings whose author never verified a phone number are deleted after 30 days;',
            'a phone number typed into a form but not verified is kept only on that device, for that form, and cleared after a day without use;',
            'when you log out with a verified number, your claimed profile is deleted.',
          ]}
        />
        <p>
          When you delete your account (Settings, 'Delete my account') we delete your profile, the ratings you
          gave, and every session in which you verified your number, on any device. The activity and error
          entries of those sessions keep only what happened and when: we remove the session, your phone
          number, IP address and browser from them, and any phone number written in their details. Entries of
          other people's requests that mention your number lose the number. A live code for your number is
          removed. A device on which someone else only typed your number is theirs, and deleting your account
          does not touch it. We keep, because they are needed for the people they protect and for the law:
        </p>
        <LegalList
          items={[
            "ratings others gave about your number: they are the writers' words, not your account, and you can still report them;",
            'reports you filed and moderation decisions, without your phone number, session or contact, as the record that we acted on them (transparency reporting and legal duties);',
            "a 'Do not rate me' or 'Stop texting' you turned on, so that deleting your account does not open your number to ratings or texts again. Verify your number again to turn them off. If you turned 'Do not rate me' off, when you did, until the longest release delay has passed;",
            'for the people you rated, under a code made from your number with a secret key (it cannot be turned back into the number): which numbers you rated in the last 30 days, so that deleting your account does not let you rate them again sooner, and how many of your ratings moderators removed, for as long as we keep activity logs. Counts of the texts sent to your number (codes, ratings) stay under such a code until they expire within a day.',
          ]}
        />
      </>
    ),
  },
  {
    heading: 'Sharing of Information',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <LegalList
          items={[
            'with the text-message provider that delivers our texts (the phone number and message only);',
            "with a content moderation service, where the operator turns one on (OpenAI's moderation endpoint or Amazon Comprehend): the written answers of a rating only, without the rated name, any phone number or anything else about you or the person rated, so that a moderator reads first what it flags;",
            'with the hosting providers that run our servers and database, under confidentiality duties;',
            'when the law requires it, or to protect people from harm or the service from abuse.',
          ]}
        />
      </>
    ),
  },
  {
    heading: 'Anonymous Ratings',
    body: (
      <>
        <p>
          The person you rate never sees who rated them: not your name, not your phone number, and not when
          you rated. They see the scores, the written answers and a coarse date. We keep the link between a
          rating and its author privately, only to count your ratings, to enforce our limits and terms, and to
          respond to lawful requests. A rated person can also stop further texts about ratings from the link
          in any text we send.
        </p>
        <AnonymityStatement />
      </>
    ),
  },
  {
    heading: 'Your Rights',
    body: (
      <>
        <p>
          You can ask us to give you access to the personal information we hold about you, to correct it, to
          delete it, or you can object to how we use it. Send these requests through our <ContactFormLink />.
          We may ask you to prove that you own the phone number concerned.
        </p>
        <p>
          You can also change your display name in <PageLink to="/settings">Settings</PageLink>, and logging
          out removes your data from this device.
        </p>
        <LegalList
          items={[
            <>
              <strong>Stop texts about ratings</strong>: tap 'Stop texting this number' on the page a text
              links to, or reply STOP to the text. We then send that number no more texts about ratings; codes
              you ask for to verify your number still arrive. After verifying your number you can turn texts
              back on, or off, in <PageLink to="/settings">Settings</PageLink>.
            </>,
            <>
              <strong>Report content</strong>: anyone can report a rating, with or without an account: from
              the page a text links to, with the Report button on a review in My Ratings, or on the{' '}
              <PageLink to="/report">Report content</PageLink> page. Each report gets a reference and a status
              page showing the decision and its reasons. The author of a rating is never told who reported it,
              and a report never shows you anything of the rating's author.
            </>,
            <>
              <strong>Appeal</strong>: if a rating you wrote is hidden or held for review, My Ratings shows
              which one and why, and you can appeal the decision once.
            </>,
            <>
              <strong>'Do not rate me'</strong>: after verifying your number you can stop anyone from rating
              it in <PageLink to="/settings">Settings</PageLink>, and turn that off again. Ratings of your
              number are then accepted from their authors like any other and never reach you: not shown, not
              counted, not texted, including those still waiting for their release time. We do not refuse
              them, because a refusal would tell the person rating you that you use ExRated and asked not to
              be rated. When you turn it off, ratings given afterwards reach you no sooner than the longest
              release delay later, so that none of them tells you it was given just after.
            </>,
            <>
              <strong>Download your data</strong>: Settings gives you a file with what we hold about you as
              the verified owner of your number: your profile and settings; the sessions in which you verified
              the number (their dates); the ratings you gave; the ratings you received as My Ratings shows
              them (once unlocked); the reports and appeals you filed, with their decisions; and the activity
              of your own sessions (what, when, and the IP address and browser of your own requests). It never
              contains another person's phone number, address, browser or contact details, anything from a
              device on which someone only typed your number, or anything that ties a rating you received to
              its author. You can download it 5 times a day; the other controls here can be used 30 times an
              hour.
            </>,
            <>
              <strong>Delete your account</strong> in Settings at any time; what deletion removes and what we
              keep is described under Data Security and Retention.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    heading: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy as the service changes. We will change the date at the top of this page and,
        for significant changes, give notice on the site before they take effect.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Questions about your privacy or this policy? Reach us through our <ContactFormLink />.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated="25 November 2026"
      intro={
        <p>
          This policy explains what information ExRated collects, why, how long we keep it and the choices you
          have. ExRated identifies people by phone number only.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
