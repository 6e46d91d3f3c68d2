import { Page } from '../../components/page';
import { Alert, Skeleton } from '../../components/ui';
import { useTippingPolicy } from '../../lib/tipping-policy';

/** /tipping-policy: the shop's written tipping policy (decision 1602), as the owner wrote it or the default. */
export function TippingPolicyPage() {
  const policy = useTippingPolicy();
  return (
    <Page title="Tipping policy">
      {policy.isPending && <Skeleton height={120} />}
      {policy.isError && <Alert severity="error">{policy.error.message}</Alert>}
      {policy.data && (
        <div className="tipping-policy" data-testid="tipping-policy">
          {policy.data.policy.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} className="ui-p tipping-policy-paragraph">
              {paragraph}
            </p>
          ))}
          {policy.data.updatedAt && (
            <p className="ui-p ui-muted">
              Last changed {new Date(policy.data.updatedAt).toLocaleDateString('en-GB', { timeZone: 'Europe/London' })}
            </p>
          )}
        </div>
      )}
    </Page>
  );
}
